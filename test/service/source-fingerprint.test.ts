// The service bundle's freshness key (docs/service.md#start-up): it changes with any
// bundled source's content (size), its modification time, a new file and the lockfile, and
// stays the same when nothing changed, on a checkout laid out like ours in a temporary folder.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundledSourceFolders, sourceFingerprint } from '../../scripts/service-bundle/source-fingerprint.js';

let repo: string;

test.before.each(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'source-fingerprint-'));
  for (const folder of bundledSourceFolders) mkdirSync(path.join(repo, folder, 'inner'), { recursive: true });
  writeFileSync(path.join(repo, 'src/inner/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(repo, 'package-lock.json'), '{}\n');
  utimesSync(path.join(repo, 'src/inner/a.ts'), 1_000, 1_000);
});
test.after.each(() => rmSync(repo, { recursive: true, force: true }));

test('the same files give the same fingerprint', () => {
  assert.equal(sourceFingerprint(repo), sourceFingerprint(repo));
});

test('an edit that changes a file size changes it', () => {
  const before = sourceFingerprint(repo);
  writeFileSync(path.join(repo, 'src/inner/a.ts'), 'export const a = 10;\n');
  utimesSync(path.join(repo, 'src/inner/a.ts'), 1_000, 1_000);
  assert.not.equal(sourceFingerprint(repo), before);
});

test('a new modification time of the same size changes it', () => {
  const before = sourceFingerprint(repo);
  utimesSync(path.join(repo, 'src/inner/a.ts'), 2_000, 2_000);
  assert.not.equal(sourceFingerprint(repo), before);
});

test('a new file in generated/ changes it', () => {
  const before = sourceFingerprint(repo);
  writeFileSync(path.join(repo, 'generated/inner/b.ts'), '');
  assert.not.equal(sourceFingerprint(repo), before);
});

test('a changed lockfile changes it', () => {
  const before = sourceFingerprint(repo);
  writeFileSync(path.join(repo, 'package-lock.json'), '{ }\n');
  assert.not.equal(sourceFingerprint(repo), before);
});

test.run();
