// The inputs of codegen that are not specs fail the way the specs do (docs/code-generation.md#spec-problems):
// a migration that the throwaway database refuses, and a type error in the SDK's hand-written
// runtime, each one `file:line:col: message` line after the summary, exit code 1, no stack trace.
// `npm run codegen` runs as a process on a copy of the checkout (the generators read the
// migrations and the SDK's runtime from the checkout they run in).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyCheckout } from '../../support/checkout-copy.ts';

const run = promisify(execFile);
const entries = ['src', 'scripts', 'generated', 'sdk', 'package.json', 'tsconfig.json', 'codegen.yml'];
const specs = ['openapi.yaml', 'schema.graphql', 'permissions.yaml', 'permissions.schema.json'];
let checkout = '';

test.before(() => {
  checkout = copyCheckout('generator-problems-', [...entries, ...specs]);
});

test.after(() => {
  rmSync(checkout, { recursive: true, force: true });
});

/** Replaces the one `from` of a file of the copy with `to`; the 1-based line `to` starts on. */
function edit(file: string, from: string, to: string): number {
  const text = readFileSync(path.join(checkout, file), 'utf8');
  assert.is(text.split(from).length, 2, `one '${from}' in ${file}`);
  writeFileSync(path.join(checkout, file), text.replace(from, to));
  return text.slice(0, text.indexOf(from)).split('\n').length;
}

async function codegen(): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, ['scripts/codegen.ts'], { cwd: checkout }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test('a migration the database refuses: its file, the line of the failing statement, the database message', async () => {
  const file = 'src/db/migrations/0023-idempotency-keys.ts';
  const statement = 'await sql`CREATE INDEX idempotency_key_pending_idx ON idempotency_key (operation, updated_at)';
  const line = edit(file, statement, statement.replace('updated_at)', 'updated_att)'));
  try {
    const result = await codegen();
    assert.equal([result.code, result.stdout], [1, ''], result.stderr);
    assert.equal(result.stderr.trimEnd().split('\n'), [
      'codegen: 1 problem(s) in the migrations; nothing was generated',
      `${file}:${line}:3: migration 0023-idempotency-keys failed: column "updated_att" does not exist`,
    ]);
  } finally {
    edit(file, statement.replace('updated_at)', 'updated_att)'), statement);
  }
});

test("a type error in the SDK's runtime: its file:line:col and tsc's message", async () => {
  const file = 'sdk/src/runtime/decimal.ts';
  const text = readFileSync(path.join(checkout, file), 'utf8');
  writeFileSync(path.join(checkout, file), `${text}export const notANumber: number = 'text';\n`);
  try {
    const result = await codegen();
    assert.equal([result.code, result.stdout], [1, ''], result.stderr);
    const line = text.split('\n').length;
    assert.equal(result.stderr.trimEnd().split('\n'), [
      'codegen: 1 problem(s) in sdk/src; nothing was generated',
      `${file}:${line}:14: error TS2322: Type 'string' is not assignable to type 'number'.`,
    ]);
  } finally {
    writeFileSync(path.join(checkout, file), text);
  }
});

test.run();
