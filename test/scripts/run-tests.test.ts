// The test command's exit code (docs/testing.md#the-runner): a run whose summary reports a
// failure exits non-zero, even when a library in the test process forces exit code 0.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');

function runSuite(
  dir: string,
  env: Record<string, string> = {},
): { status: number | null; lastLine: string; lines: string[] } {
  const result = spawnSync(process.execPath, ['scripts/run-tests.ts', '--dir', dir], {
    cwd: root,
    // The machine's database when the outer run has one; otherwise the runner starts its own.
    env: { ...process.env, TEST_DATABASE_URL: process.env.PLATFORM_TEST_ADMIN_URL ?? '', ...env },
    encoding: 'utf8',
  });
  const lines = result.stdout
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n');
  return { status: result.status, lastLine: lines.at(-1) ?? '', lines };
}

test('a suite with a failing test: the closing line counts it and the command exits 1', () => {
  const { status, lastLine } = runSuite('test/scripts/fixtures/failing-suite');
  assert.is(lastLine, '1 passed, 1 failed');
  assert.is(status, 1);
});

test('a failing file is named, with its output repeated, just above the closing line', () => {
  const { lines } = runSuite('test/scripts/fixtures/failing-suite');
  assert.is(lines.at(-2), 'failed files: deliberately-failing.test.ts');
  const repeated = lines.indexOf('=== failed: deliberately-failing.test.ts (its output again)');
  assert.ok(repeated > 0, 'the failing output is repeated under a heading');
  assert.ok(
    lines.slice(repeated).some((line) => line.includes('fails on purpose')),
    'the failing test is named',
  );
});

test('a folder without tests: exit 1, since nothing was verified', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'run-tests-empty-'));
  try {
    const { status, lastLine } = runSuite(empty);
    assert.is(lastLine, '0 passed, 0 failed');
    assert.is(status, 1);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('a file that never exits is killed at TEST_FILE_TIMEOUT_SECONDS and counted as failed, so the run ends', () => {
  const { status, lines } = runSuite('test/scripts/fixtures/hanging-suite', { TEST_FILE_TIMEOUT_SECONDS: '3' });
  assert.ok(
    lines.includes('never-exits.test.ts did not exit within 3 s (TEST_FILE_TIMEOUT_SECONDS): killed'),
    lines.join('\n'),
  );
  assert.is(lines.at(-2), 'failed files: never-exits.test.ts');
  assert.is(status, 1);
});

test.run();
