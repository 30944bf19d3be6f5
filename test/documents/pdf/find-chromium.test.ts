// Where the PDF engine's Chromium comes from (docs/documents.md#where-chromium-comes-from).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  chromiumInstallHint,
  findChromium,
  isExecutableFile,
  systemChromiumCandidates,
} from '../../../src/documents/pdf/find-chromium.ts';
import { npmChromium } from '../../../src/documents/pdf/npm-chromium.ts';

const only =
  (...paths: string[]) =>
  (file: string) =>
    paths.includes(file);
const noNpm = async () => undefined;

test('CHROMIUM_PATH wins over every other candidate', async () => {
  const found = await findChromium({
    chromiumPath: '/opt/chrome/chrome',
    isExecutable: only('/opt/chrome/chrome', systemChromiumCandidates[0]!),
    npmChromium: noNpm,
  });
  assert.equal(found, { path: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' });
});

test('a CHROMIUM_PATH that is not executable is reported, not replaced by a system browser', async () => {
  const found = await findChromium({
    chromiumPath: '/nonexistent',
    isExecutable: only(systemChromiumCandidates[0]!),
    npmChromium: noNpm,
  });
  assert.ok('missing' in found);
  assert.match(found.hint, 'CHROMIUM_PATH=/nonexistent is not an executable file');
  assert.match(found.hint, chromiumInstallHint);
});

test('the Debian headless shell binary comes before full Chromium and before the /usr/bin wrappers', async () => {
  assert.is(systemChromiumCandidates[0], '/usr/lib/chromium/chromium-headless-shell');
  const found = await findChromium({
    isExecutable: only('/usr/lib/chromium/chromium', '/usr/bin/chromium-headless-shell'),
    npmChromium: noNpm,
  });
  assert.equal(found, { path: '/usr/lib/chromium/chromium', source: 'system-package' });
});

test('the npm package is the last resort', async () => {
  const found = await findChromium({
    systemCandidates: [],
    isExecutable: only('/tmp/chromium'),
    npmChromium: async () => '/tmp/chromium',
  });
  assert.equal(found, { path: '/tmp/chromium', source: 'npm-package' });
});

test('nothing found gives the install hint; an npm Chromium that fails to unpack says why', async () => {
  assert.equal(await findChromium({ systemCandidates: [], npmChromium: noNpm }), {
    missing: true,
    hint: chromiumInstallHint,
  });
  const failing = async () => {
    throw new Error('ENOSPC: no space left on device');
  };
  assert.equal(await findChromium({ systemCandidates: [], npmChromium: failing }), {
    missing: true,
    hint: `${chromiumInstallHint} (unpacking @sparticuz/chromium failed: ENOSPC: no space left on device)`,
  });
  assert.is(
    chromiumInstallHint,
    'No Chromium found: run npm install (it installs @sparticuz/chromium, Linux x64), or apt-get install chromium-headless-shell (Debian/Ubuntu), or set CHROMIUM_PATH',
  );
});

// A regular dependency: npm installs it whatever Node runs npm, so the npm step always finds it.
test('the default npm step unpacks @sparticuz/chromium into a versioned folder and reuses it', async () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'npm-chromium-test-'));
  try {
    const first = await npmChromium({ cacheDir, isExecutable: isExecutableFile });
    const version = JSON.parse(
      readFileSync(new URL('../../../node_modules/@sparticuz/chromium/package.json', import.meta.url), 'utf8'),
    ).version;
    assert.is(first, path.join(cacheDir, `chromium-${version}`, 'chromium'));
    assert.ok(isExecutableFile(first!));
    assert.equal(readdirSync(path.dirname(first!)), ['chromium'], 'no partial file is left beside it');
    const before = statSync(first!).mtimeMs;
    assert.is(await npmChromium({ cacheDir, isExecutable: isExecutableFile }), first);
    assert.is(statSync(first!).mtimeMs, before, 'the second lookup did not unpack again');
    const found = await findChromium({ systemCandidates: [] });
    assert.is('source' in found && found.source, 'npm-package');
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test('isExecutableFile accepts executables only, not directories or missing files', () => {
  assert.ok(isExecutableFile(process.execPath));
  assert.not.ok(isExecutableFile('/nonexistent'));
  assert.not.ok(isExecutableFile('/usr'));
  assert.not.ok(isExecutableFile(new URL(import.meta.url).pathname));
});

test.run();
