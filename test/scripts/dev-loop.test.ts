// `npm run dev` as a process on a copy of the checkout (docs/code-generation.md#npm-run-dev): it
// starts the service; for each of the three specs, an edit is served (permissions.yaml: a column
// for a role's select rule, answered by the data layer; openapi.yaml: a summary, in /openapi.json;
// schema.graphql: a description, by introspection), a broken edit prints its `file:line:col` line
// while the last good version still answers, and the fix recovers; a Query field added without its
// resolver is named by the typecheck at the resolver map's line while the old schema still answers.
// Every wait is bounded; nothing is timed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repositoryRoot } from '../support/checkout-copy.ts';
import { type DevLoopProcess, startDevLoop } from '../support/dev-loop-process.ts';

const copied = ['src', 'scripts', 'generated', 'sdk', 'package.json', 'tsconfig.json', 'codegen.yml'];
const specs = ['openapi.yaml', 'schema.graphql', 'permissions.yaml', 'permissions.schema.json'];
// The auditor's select rule on organization (permissions.yaml), before and after the edits.
const auditorRule = 'columns: [id, name, slug, kind, country_code]\n      compliance:';
const withCreatedAt = 'columns: [id, name, slug, kind, country_code, created_at]\n      compliance:';
const withUnknownColumn =
  'columns: [id, name, slug, kind, country_code, created_at, no_such_column]\n      compliance:';
let dev: DevLoopProcess | undefined;

/** The loop test.before started. */
function loop(): DevLoopProcess {
  if (!dev) throw new Error('npm run dev was not started');
  return dev;
}

/** Waits for a line of the loop's output after `from` matching `pattern`; the line. */
async function line(pattern: RegExp, from: number, timeoutMs = 300_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = loop()
      .output()
      .slice(from)
      .split('\n')
      .find((text) => pattern.test(text));
    if (found) return found;
    if (loop().exited()) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line matching ${pattern}; output:\n${loop().output()}`);
}

const editSpec = (spec: string, from: string, to: string) => loop().editSpec(spec, from, to);
const editPermissions = (from: string, to: string) => editSpec('permissions.yaml', from, to);
const output = () => loop().output();

/** The auditor's organizations with `created_at`, through the data layer: the rows, or the error message. */
async function auditorCreatedAt(): Promise<string> {
  const body = await loop().auditorCreatedAt();
  if (!body) return 'no answer from the data layer';
  return body.errors
    ? `error: ${body.errors[0]?.message}`
    : `rows: ${(body.data as { organization: unknown[] }).organization.length}`;
}

test.before(async () => {
  const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: { dev: string };
  };
  assert.is(manifest.scripts.dev, 'node scripts/dev-loop.ts');
  dev = await startDevLoop('dev-loop-', [...copied, ...specs]);
});

test.after(async () => {
  await dev?.stop();
});

/** GET /healthz's summary in the served /openapi.json. */
async function livenessSummary(): Promise<string> {
  const spec = (await (await fetch(`http://127.0.0.1:${loop().httpPort}/openapi.json`)).json()) as any;
  return spec.paths['/healthz'].get.summary;
}

/** Query's fields as the served schema has them: name → description. */
async function queryFields(): Promise<Map<string, string>> {
  const response = await fetch(`http://127.0.0.1:${loop().httpPort}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': loop().adminApiKey },
    body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name description } } }' }),
  });
  const body = (await response.json()) as { data: { __type: { fields: { name: string; description: string }[] } } };
  return new Map(body.data.__type.fields.map((field) => [field.name, field.description]));
}

const pingDescription = 'Liveness check of the GraphQL endpoint; returns `"pong"`. Not cached.';
const pingEdited = 'Liveness check of the GraphQL endpoint, edited; returns `"pong"`. Not cached.';

test('npm run dev starts the service', async () => {
  await line(/^started: typecheck ok, ready in \d+ ms$/, 0);
  assert.match(await auditorCreatedAt(), /^error: field 'created_at' not found in type 'organization'/);
});

test('a permissions.yaml edit is regenerated (not the SDK) and served', async () => {
  const mark = editPermissions(auditorRule, withCreatedAt);
  const status = await line(/^permissions\.yaml: /, mark);
  assert.match(
    status,
    /^permissions\.yaml: regenerated permissions \(\d+ written, 0 removed\) in \d+ ms, ready in \d+ ms, typecheck ok at \d+ ms$/,
  );
  assert.is(await auditorCreatedAt(), 'rows: 1');
});

test('a broken edit prints file:line:col and the last good version keeps answering', async () => {
  const mark = editPermissions(withCreatedAt, withUnknownColumn);
  await line(/still serving the last good version$/, mark);
  assert.match(
    output().slice(mark),
    /^permissions\.yaml:\d+:\d+: unknown column 'no_such_column' in table 'organization' \(select rule for role 'auditor'\)$/m,
  );
  assert.is(await auditorCreatedAt(), 'rows: 1');
});

test('fixing the edit recovers: the fix is served', async () => {
  const mark = editPermissions(withUnknownColumn, auditorRule);
  await line(/^permissions\.yaml: regenerated permissions .*, ready in \d+ ms, typecheck ok at \d+ ms$/, mark);
  assert.match(await auditorCreatedAt(), /^error: field 'created_at' not found/);
});

test('an openapi.yaml edit is regenerated and served: the new summary in /openapi.json', async () => {
  const mark = editSpec('openapi.yaml', 'summary: Liveness probe\n', 'summary: Liveness probe of the process\n');
  await line(/^openapi\.yaml: regenerated .*ready in \d+ ms/, mark);
  assert.is(await livenessSummary(), 'Liveness probe of the process');
});

test('a broken openapi.yaml edit prints file:line:col and the last good version answers; the fix recovers', async () => {
  // The Error schema's `code` (its `message` above makes the place one of a kind).
  const ref = "names the field.\n        code:\n          $ref: '#/components/schemas/ErrorCode'";
  const brokenRef = ref.replace('ErrorCode', 'ErrorCod');
  const broken = editSpec('openapi.yaml', ref, brokenRef);
  await line(/^openapi\.yaml: 1 problem\(s\), nothing generated; still serving the last good version$/, broken);
  assert.match(
    output().slice(broken),
    /^openapi\.yaml:\d+:\d+: \$ref '#\/components\/schemas\/ErrorCod' does not resolve: .*Did you mean "ErrorCode"/m,
  );
  assert.is(await livenessSummary(), 'Liveness probe of the process');
  const fixed = editSpec('openapi.yaml', brokenRef, ref);
  await line(/^openapi\.yaml: /, fixed);
  assert.is(await livenessSummary(), 'Liveness probe of the process');
});

test('a schema.graphql edit is regenerated and served: the new description in introspection', async () => {
  const mark = editSpec('schema.graphql', pingDescription, pingEdited);
  await line(/^schema\.graphql: regenerated .*ready in \d+ ms/, mark);
  assert.is((await queryFields()).get('ping'), pingEdited);
});

test('a broken schema.graphql edit prints file:line:col and the last good version answers; the fix recovers', async () => {
  const broken = editSpec('schema.graphql', 'type Query {\n', 'type Query {\n  devLoopBroken: Strin\n');
  await line(/^schema\.graphql: 1 problem\(s\), nothing generated; still serving the last good version$/, broken);
  assert.match(output().slice(broken), /^schema\.graphql:\d+:18: Unknown type "Strin"\. Did you mean "String"/m);
  assert.is((await queryFields()).get('ping'), pingEdited);
  const fixed = editSpec('schema.graphql', 'type Query {\n  devLoopBroken: Strin\n', 'type Query {\n');
  await line(/^schema\.graphql: /, fixed);
  const fields = await queryFields();
  assert.equal([fields.get('ping'), fields.has('devLoopBroken')], [pingEdited, false]);
});

test('a Query field without a resolver: the typecheck names the resolver map, the old schema answers', async () => {
  const added = editSpec('schema.graphql', 'type Query {\n', 'type Query {\n  devLoopProbe: String\n');
  const status = await line(/^schema\.graphql: regenerated graphql/, added);
  assert.match(status, /typecheck: \d+ error\(s\) at \d+ ms; still serving the last good version$/);
  assert.match(
    output().slice(added),
    /^src\/graphql\/resolvers\/business-resolvers\.ts:\d+:\d+: error TS2741: Property 'devLoopProbe' is missing/m,
  );
  assert.is((await queryFields()).has('devLoopProbe'), false);
  const removed = editSpec('schema.graphql', 'type Query {\n  devLoopProbe: String\n', 'type Query {\n');
  await line(/^schema\.graphql: regenerated graphql .*typecheck ok at \d+ ms/, removed);
  assert.is((await queryFields()).get('ping'), pingEdited);
});

test.run();
