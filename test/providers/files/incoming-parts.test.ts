// The folders of in-flight upload parts (docs/files.md#temporary-files): at start-up a process
// removes the parts of processes of its host that are gone (or had its pid before), loose parts
// of earlier versions, and any part untouched for an hour; the live parts of other processes stay.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { incomingParts } from '../../../src/providers/files/incoming-parts.ts';

let uploadDir: string;
const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);

test.before.each(() => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'platform-incoming-'));
});
test.after.each(() => rmSync(uploadDir, { recursive: true, force: true }));

function put(relative: string, old = false): void {
  const file = path.join(uploadDir, '.incoming', relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'part');
  if (old) utimesSync(file, twoHoursAgo, twoHoursAgo);
}

function remaining(): string[] {
  const root = path.join(uploadDir, '.incoming');
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
}

test('sweep removes leftovers of this host and stale parts, and keeps live parts of other processes', async () => {
  put('loose.part');
  put('README');
  put('node-a.100/dead-process.part');
  put('node-a.200/live-process.part');
  put('node-a.300/earlier-run-with-our-pid.part');
  put('node-b.100/fresh.part');
  put('node-b.100/old.part', true);
  mkdirSync(path.join(uploadDir, '.incoming', 'node-c.5'));
  utimesSync(path.join(uploadDir, '.incoming', 'node-c.5'), twoHoursAgo, twoHoursAgo);
  const parts = incomingParts(uploadDir, { pid: 300, host: 'node-a', isAlive: (pid) => pid === 200 });
  assert.is(await parts.sweep(), 4);
  assert.equal(remaining(), [
    'README',
    'node-a.200',
    'node-a.200/live-process.part',
    'node-b.100',
    'node-b.100/fresh.part',
  ]);
});

test('each process has its own folder, named after its host and pid; removeOwn removes it', async () => {
  const parts = incomingParts(uploadDir, { pid: 42, host: 'pod/7 x' });
  assert.is(parts.directory, path.join(uploadDir, '.incoming', 'pod_7_x.42'));
  put('pod_7_x.42/in-flight.part');
  put('pod_7_x.43/other.part');
  await parts.removeOwn();
  assert.not.ok(existsSync(parts.directory));
  assert.equal(remaining(), ['pod_7_x.43', 'pod_7_x.43/other.part']);
});

test('no folder of parts yet: nothing to sweep', async () => {
  assert.is(await incomingParts(uploadDir, { pid: 1, host: 'h' }).sweep(), 0);
});

test.run();
