// `npm run codegen -- --check` passes on a clean tree and fails, naming the stale files, after
// a spec edit until codegen runs again (docs/code-generation.md), and then until the SDK's
// release records the changed API (docs/sdk.md#versions).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { currentSpecIds } from '../../scripts/codegen/sdk/release/sdk-release-record.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const sources = [
  'openapi.yaml',
  'schema.graphql',
  'permissions.yaml',
  'permissions.schema.json',
  'codegen.yml',
  'generated',
  'sdk',
];
let copy: string;

async function codegen(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [
      path.join(repo, 'scripts/codegen.ts'),
      '--root',
      copy,
      ...args,
    ]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** What `npm run sdk:release` records (it needs git, which the copy has not): the version and the specs' blob ids. */
function recordRelease(version: string): void {
  const specIds = currentSpecIds(copy);
  writeFileSync(path.join(copy, 'sdk/release.json'), `${JSON.stringify({ version, specs: specIds }, null, 2)}\n`);
  const packageFile = path.join(copy, 'sdk/package.json');
  const sdkPackage = JSON.parse(readFileSync(packageFile, 'utf8')) as object;
  writeFileSync(packageFile, `${JSON.stringify({ ...sdkPackage, version }, null, 2)}\n`);
}

test.before(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'codegen-check-'));
  for (const source of sources) cpSync(path.join(repo, source), path.join(copy, source), { recursive: true });
});
test.after(() => rmSync(copy, { recursive: true, force: true }));

test('the committed generated/ is up to date', async () => {
  const result = await codegen('--check');
  assert.is(result.code, 0, result.output);
  assert.match(
    result.output,
    /^up to date: \d+ generated files in generated\/, sdk\/src\/generated\/, sdk\/dist\/, sdk\/data-layer\/$/m,
  );
});

test('a spec edit makes --check fail, listing the stale files, until codegen runs', async () => {
  const spec = path.join(copy, 'openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replace(/operationId: getLiveness/, 'operationId: getLivenessProbe'));
  const stale = await codegen('--check');
  assert.is(stale.code, 1);
  assert.match(stale.output, /stale: generated\/openapi\/operations\.ts/);
  assert.match(stale.output, /stale: generated\/openapi\/handlers\.ts/);
  assert.match(
    stale.output,
    /^out of date: \d+ generated files in generated\/, sdk\/src\/generated\/, sdk\/dist\/; run `npm run codegen`$/m,
  );

  const regenerated = await codegen();
  assert.is(regenerated.code, 0, regenerated.output);
  assert.match(readFileSync(path.join(copy, 'generated/openapi/operations.ts'), 'utf8'), /getLivenessProbe/);
  // Generated code is current now, but the SDK's version does not name the changed API yet
  // (docs/sdk.md#versions): --check refuses until the release is recorded.
  const unreleased = await codegen('--check');
  assert.is(unreleased.code, 1);
  assert.match(
    unreleased.output,
    /^sdk version: openapi\.yaml changed since SDK release \d+\.\d+\.\d+ \(sdk\/release\.json\); run `npm run sdk:release` to version the SDK after the API change$/m,
  );
  recordRelease('9.0.0');
  assert.is((await codegen('--check')).code, 0);
});

test('a file in generated/ that no generator produced is reported and then removed', async () => {
  writeFileSync(path.join(copy, 'generated/openapi/hand-written.ts'), '// edited by hand\n');
  const result = await codegen('--check');
  assert.is(result.code, 1);
  assert.match(result.output, /not produced by any generator: generated\/openapi\/hand-written\.ts/);
  assert.match(result.output, /^out of date: 1 generated files in generated\/; run `npm run codegen`$/m);
  await codegen();
  assert.is((await codegen('--check')).code, 0);
});

test('generated output is byte-identical across runs', async () => {
  const before = readFileSync(path.join(copy, 'generated/database/database.ts'), 'utf8');
  const result = await codegen();
  assert.match(result.output, /codegen: 0 written, 0 removed/);
  assert.is(readFileSync(path.join(copy, 'generated/database/database.ts'), 'utf8'), before);
});

test('every generated file starts with a do-not-edit banner', () => {
  const files = [
    'database/database.ts',
    'openapi/operations.ts',
    'openapi/handlers.ts',
    'openapi/openapi-types.ts',
    'openapi/validate-bodies.ts',
    'graphql/resolver-types.ts',
  ];
  for (const file of files) {
    const first = readFileSync(path.join(repo, 'generated', file), 'utf8').split('\n')[0] ?? '';
    assert.match(first, /@generated by .* — do not edit/, file);
  }
});

test.run();
