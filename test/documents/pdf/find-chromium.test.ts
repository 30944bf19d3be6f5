import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumInstallHint, findChromium, isExecutableFile, systemChromiumCandidates } from '../../../src/documents/pdf/find-chromium.ts';

const only = (...paths: string[]) => (path: string) => paths.includes(path);
const noNpm = async () => undefined;

test('CHROMIUM_PATH wins over every other candidate', async () => {
  const found = await findChromium({ chromiumPath: '/opt/chrome/chrome', isExecutable: only('/opt/chrome/chrome', systemChromiumCandidates[0]!), npmChromium: noNpm });
  assert.equal(found, { path: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' });
});

test('a CHROMIUM_PATH that is not executable is reported, not replaced by a system browser', async () => {
  const found = await findChromium({ chromiumPath: '/nonexistent', isExecutable: only(systemChromiumCandidates[0]!), npmChromium: noNpm });
  assert.ok('missing' in found);
  assert.match(found.hint, 'CHROMIUM_PATH=/nonexistent is not an executable file');
  assert.match(found.hint, chromiumInstallHint);
});

test('the Debian headless shell binary comes before full Chromium and before the /usr/bin wrappers', async () => {
  assert.is(systemChromiumCandidates[0], '/usr/lib/chromium/chromium-headless-shell');
  const found = await findChromium({ isExecutable: only('/usr/lib/chromium/chromium', '/usr/bin/chromium-headless-shell'), npmChromium: noNpm });
  assert.equal(found, { path: '/usr/lib/chromium/chromium', source: 'system-package' });
});

test('the npm package is the last resort', async () => {
  const found = await findChromium({ systemCandidates: [], isExecutable: only('/tmp/chromium'), npmChromium: async () => '/tmp/chromium' });
  assert.equal(found, { path: '/tmp/chromium', source: 'npm-package' });
});

test('nothing found, or an npm package that fails to load, gives the install hint', async () => {
  assert.equal(await findChromium({ systemCandidates: [], npmChromium: noNpm }), { missing: true, hint: chromiumInstallHint });
  const failing = async () => {
    throw new Error('Cannot find package @sparticuz/chromium');
  };
  assert.equal(await findChromium({ systemCandidates: [], npmChromium: failing }), { missing: true, hint: chromiumInstallHint });
  assert.is(chromiumInstallHint, 'Install Chromium: apt-get install chromium-headless-shell (Debian/Ubuntu), or set CHROMIUM_PATH');
});

// The optional dependency is installed only where npm runs on Node >= 22 (not on the CI
// machine), so the default step is checked against whichever is true here.
test('the default npm step uses @sparticuz/chromium when it is installed, and is skipped when not', async () => {
  const found = await findChromium({ systemCandidates: [] });
  if (installed('@sparticuz/chromium')) assert.equal('source' in found && found.source, 'npm-package');
  else assert.equal(found, { missing: true, hint: chromiumInstallHint });
});

function installed(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

test('isExecutableFile accepts executables only, not directories or missing files', () => {
  assert.ok(isExecutableFile(process.execPath));
  assert.not.ok(isExecutableFile('/nonexistent'));
  assert.not.ok(isExecutableFile('/usr'));
  assert.not.ok(isExecutableFile(new URL(import.meta.url).pathname));
});

test.run();
