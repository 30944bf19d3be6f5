// The one golden-file comparison (test/support/golden.ts): equal output passes, a missing or
// different golden fails naming the file and its first differing line, and updating rewrites
// the golden (creating its folder) instead of comparing. Kept out of test/support, whose
// files the runner skips (scripts/run-tests.ts), as it skips every path naming goldens.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertMatchesGolden } from '../support/golden.ts';

let folder: string;

test.before.each(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'snapshot-files-'));
});

test.after.each(() => {
  rmSync(folder, { recursive: true, force: true });
});

function failure(run: () => void): string {
  try {
    run();
  } catch (error) {
    assert.instance(error, assert.Assertion);
    return (error as Error).message;
  }
  throw new assert.Assertion({
    message: 'expected a golden mismatch',
    operator: 'golden',
    expects: undefined,
    actual: undefined,
  });
}

test('output equal to its golden passes', () => {
  const file = path.join(folder, 'a.sql');
  writeFileSync(file, 'SELECT 1\nFROM t\n');
  assertMatchesGolden(file, 'SELECT 1\nFROM t\n', { update: false });
});

test('a different output fails with the first differing line of each side', () => {
  const file = path.join(folder, 'a.sql');
  writeFileSync(file, 'SELECT 1\nFROM t\nWHERE x\n');
  const message = failure(() => assertMatchesGolden(file, 'SELECT 1\nFROM u\nWHERE x\n', { update: false }));
  assert.match(
    message,
    /a\.sql does not match; first difference at line 2:\n {2}golden: "FROM t"\n {2}actual: "FROM u"\n\(UPDATE_SNAPSHOTS=1 rewrites the goldens\)$/,
  );
});

test('output that stops early or runs on is a difference too, also in the final newline', () => {
  const file = path.join(folder, 'a.sql');
  writeFileSync(file, 'one\ntwo\n');
  assert.match(
    failure(() => assertMatchesGolden(file, 'one\n', { update: false })),
    /line 2:\n {2}golden: "two"\n {2}actual: ""/,
  );
  assert.match(
    failure(() => assertMatchesGolden(file, 'one\ntwo', { update: false })),
    /line 3:\n {2}golden: ""\n {2}actual: "<end of output>"/,
  );
});

test('a missing golden fails saying how to create it', () => {
  const message = failure(() => assertMatchesGolden(path.join(folder, 'none.html'), 'x', { update: false }));
  assert.match(message, /^no golden .*none\.html; run with UPDATE_SNAPSHOTS=1 to create it$/);
});

test('updating writes the golden, creating its folder, and compares nothing', () => {
  const file = path.join(folder, 'role', 'table.select.sql');
  assertMatchesGolden(file, 'SELECT 2\n', { update: true });
  assert.is(readFileSync(file, 'utf8'), 'SELECT 2\n');
  assertMatchesGolden(file, 'SELECT 3\n', { update: true });
  assert.is(readFileSync(file, 'utf8'), 'SELECT 3\n');
});

test.run();
