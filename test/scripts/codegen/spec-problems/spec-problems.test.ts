// Every mistake of the corpus (spec-mistakes.ts) is reported by codegen's checks as exactly one
// `file:line:col: message` at the edited line, naming the thing to fix
// (docs/code-generation.md#spec-problems). A handful run `node scripts/codegen.ts` as a process
// on a temporary copy of the specs (exit code 1, no stack trace, nothing else said); the rest call
// the same checks as functions, with the database schema of test/fixtures.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DbSchema } from '../../../../scripts/codegen/permissions/database-schema.ts';
import { throwSpecProblems, validateApiSpecs, type SpecTexts } from '../../../../scripts/codegen/validate-specs.ts';
import { SpecProblemsError } from '../../../../src/spec-problems/spec-problems-error.ts';
import { specMistakes, type SpecMistake } from './spec-mistakes.ts';

const repo = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);
const database = JSON.parse(readFileSync(path.join(repo, 'test/fixtures/database-schema.json'), 'utf8')) as DbSchema;
const keys = { 'openapi.yaml': 'openapi', 'schema.graphql': 'schema', 'permissions.yaml': 'permissions' } as const;
const realTexts: SpecTexts = {
  openapi: readFileSync(path.join(repo, 'openapi.yaml'), 'utf8'),
  schema: readFileSync(path.join(repo, 'schema.graphql'), 'utf8'),
  permissions: readFileSync(path.join(repo, 'permissions.yaml'), 'utf8'),
};
/** Run as a process: one or more of each spec and each kind of check. */
const asProcess = new Set([
  'YAML: a line indented too little',
  '$ref to a missing schema',
  'a path parameter not declared',
  'a field of an unknown type',
  'an interface not implemented',
  'a rule on an unknown column',
]);

function edited(mistake: SpecMistake): { texts: SpecTexts; line: number } {
  const original = realTexts[keys[mistake.file]];
  const index = original.indexOf(mistake.from);
  assert.ok(index >= 0, `${mistake.name}: ${mistake.file} contains the text to edit`);
  const text = original.slice(0, index) + mistake.to + original.slice(index + mistake.from.length);
  const within = mistake.to.indexOf(mistake.at);
  const offset = mistake.at !== '' && within >= 0 ? index + within : text.indexOf(mistake.at);
  assert.ok(offset >= 0, `${mistake.name}: the edited text contains ${mistake.at}`);
  return { texts: { ...realTexts, [keys[mistake.file]]: text }, line: text.slice(0, offset).split('\n').length };
}

async function problemLines(texts: SpecTexts): Promise<string[]> {
  const api = await validateApiSpecs(texts);
  try {
    throwSpecProblems(texts, api.problems, database);
  } catch (error) {
    if (error instanceof SpecProblemsError) return [...error.errors];
    throw error;
  }
  return [];
}

function assertOneProblem(mistake: SpecMistake, line: number, problems: readonly string[]): void {
  assert.is(problems.length, 1, `${mistake.name}: one problem, got\n${problems.join('\n')}`);
  const found = /^([^:]+):(\d+):(\d+): (.*)$/.exec(problems[0] ?? '');
  assert.ok(found, `${mistake.name}: file:line:col: message, got ${problems[0]}`);
  assert.is(found?.[1], mistake.file, mistake.name);
  assert.is(Number(found?.[2]), line, `${mistake.name}: line of ${problems[0]}`);
  assert.match(found?.[4] ?? '', mistake.message, mistake.name);
}

test('the real specs have no problems', async () => {
  assert.equal(await problemLines(realTexts), []);
});

test('the corpus holds at least 25 mistakes, across the three specs', () => {
  assert.ok(specMistakes.length >= 25);
  assert.equal(new Set(specMistakes.map((mistake) => mistake.file)).size, 3);
  assert.equal(new Set(specMistakes.map((mistake) => mistake.name)).size, specMistakes.length);
});

for (const mistake of specMistakes.filter((candidate) => !asProcess.has(candidate.name))) {
  test(`${mistake.file}: ${mistake.name}`, async () => {
    const { texts, line } = edited(mistake);
    assertOneProblem(mistake, line, await problemLines(texts));
  });
}

for (const mistake of specMistakes.filter((candidate) => asProcess.has(candidate.name))) {
  test(`npm run codegen, ${mistake.file}: ${mistake.name}`, async () => {
    const { texts, line } = edited(mistake);
    const copy = mkdtempSync(path.join(tmpdir(), 'spec-problems-'));
    try {
      for (const file of ['permissions.schema.json', 'codegen.yml'])
        cpSync(path.join(repo, file), path.join(copy, file));
      for (const [file, key] of Object.entries(keys)) writeFileSync(path.join(copy, file), texts[key]);
      const result = await run(process.execPath, [path.join(repo, 'scripts/codegen.ts'), '--root', copy]).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      assert.is(result.code, 1, result.stderr);
      assert.is(result.stdout, '');
      const [summary, ...problems] = result.stderr.trimEnd().split('\n');
      assert.is(summary, 'codegen: 1 problem(s) in the specs; nothing was generated');
      assertOneProblem(mistake, line, problems);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}

test.run();
