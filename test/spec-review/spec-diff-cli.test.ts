// `npm run spec:diff` as a process (docs/spec-diff.md#exit-codes): the real repository diffed with
// itself, an unknown ref, usage errors; then a scratch git repository holding the corpus's
// snapshots of the specs (test/spec-review/corpus/base/, so the test does not move with them), a
// commit that removes an operation and a GraphQL field, and one that only rewords and adds:
// exit 1 on the breaks, 0 once the allow-list names them (by fingerprint, or kind and location),
// stale entries printed, a malformed allow-list and a spec that does not parse refused with 2, and
// fingerprints unchanged by the unrelated commit.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyOpenApiEdits, baseDir } from './corpus/corpus-entry.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const cli = path.join(repo, 'src/cli/spec-diff-cli.ts');

async function specDiff(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'spec-diff-cli-'));
const git = (...args: string[]) =>
  execFileSync(
    'git',
    [
      '-c',
      'init.defaultBranch=main',
      '-c',
      'commit.gpgsign=false',
      '-c',
      'user.name=Spec Diff Test',
      '-c',
      'user.email=spec-diff@example.org',
      ...args,
    ],
    {
      cwd: scratch,
      encoding: 'utf8',
    },
  );
const write = (file: string, text: string) => writeFileSync(path.join(scratch, file), text);
const read = (file: string) => readFileSync(path.join(scratch, file), 'utf8');

git('init', '--quiet');
copyFileSync(path.join(baseDir, 'openapi.yaml'), path.join(scratch, 'openapi.yaml'));
copyFileSync(path.join(baseDir, 'schema.graphql'), path.join(scratch, 'schema.graphql'));
git('add', '-A');
git('commit', '--quiet', '-m', 'base');
const ping = '  """\n  Liveness check of the GraphQL endpoint; returns `"pong"`. Not cached.\n  """\n  ping: String!\n';
write('openapi.yaml', applyOpenApiEdits(read('openapi.yaml'), [{ path: ['paths', '/healthz'], delete: true }]));
write('schema.graphql', read('schema.graphql').replace(ping, ''));
git('commit', '--quiet', '-am', 'remove GET /healthz and Query.ping');
write(
  'openapi.yaml',
  applyOpenApiEdits(read('openapi.yaml'), [
    { path: ['paths', '/health', 'get', 'description'], value: 'Reworded.' },
    {
      path: ['paths', '/health-v2'],
      value: { get: { operationId: 'healthV2', security: [{}], responses: { '204': { description: 'Up.' } } } },
    },
  ]),
);
git('commit', '--quiet', '-am', 'reword, add an operation');

const fingerprint = (spec: string, kind: string, location: string) =>
  createHash('sha256').update(`${spec}\n${kind}\n${location}`).digest('hex').slice(0, 12);
const healthz = fingerprint('openapi.yaml', 'operation-removed', 'GET /healthz');
const pingRemoved = fingerprint('schema.graphql', 'FIELD_REMOVED', 'Query.ping');

test('the repository diffed with itself lists nothing and exits 0', async () => {
  // An empty allow-list: the repository's own holds the entries of an intended break for the
  // commit that makes it (docs/spec-diff.md#ci), which HEAD -> HEAD would report stale.
  const noEntries = path.join(scratch, 'no-entries.yaml');
  writeFileSync(noEntries, 'allow: []\n');
  const result = await specDiff(repo, 'HEAD', 'HEAD', '--allow', noEntries);
  assert.is(result.code, 0, result.stderr);
  assert.is(
    result.stdout,
    'spec diff HEAD -> HEAD: openapi.yaml and schema.graphql\n\nno changes\n\n0 breaking (0 not allowed), 0 dangerous, 0 safe.\n',
  );
});

test('an unknown ref and a bad command line exit 2 and say why', async () => {
  const unknown = await specDiff(repo, 'no-such-ref-anywhere');
  assert.equal([unknown.code, unknown.stderr], [2, "error: unknown git ref 'no-such-ref-anywhere'\n"]);
  const option = await specDiff(repo, 'HEAD', '--bogus');
  assert.is(option.code, 2);
  assert.ok(
    option.stderr.startsWith(
      "error: unknown option '--bogus' (options: --allow, --as-json)\n\nUsage: npm run spec:diff",
    ),
    option.stderr,
  );
  const three = await specDiff(repo, 'HEAD', 'HEAD', 'HEAD');
  assert.equal([three.code, three.stderr.split('\n')[0]], [2, "error: takes at most two git refs, got 'HEAD' too"]);
});

test('breaking changes outside the allow-list fail with exit 1, listed with their fingerprints', async () => {
  const result = await specDiff(scratch, 'HEAD~2', 'HEAD~1', '--as-json');
  assert.is(result.code, 1, result.stderr);
  const outcome = JSON.parse(result.stdout);
  assert.equal(
    outcome.changes.map((change: Record<string, unknown>) => [
      change.level,
      change.spec,
      change.kind,
      change.location,
      change.fingerprint,
      change.allowedBecause,
    ]),
    [
      ['breaking', 'openapi.yaml', 'operation-removed', 'GET /healthz', healthz, null],
      ['breaking', 'schema.graphql', 'FIELD_REMOVED', 'Query.ping', pingRemoved, null],
    ],
  );
  assert.equal([outcome.unallowed, outcome.counts, outcome.stale], [2, { breaking: 2, dangerous: 0, safe: 0 }, []]);
  const text = await specDiff(scratch, 'HEAD~2', 'HEAD~1');
  assert.is(text.code, 1);
  assert.is(
    text.stdout,
    [
      'spec diff HEAD~2 -> HEAD~1: openapi.yaml and schema.graphql',
      '',
      'BREAKING  openapi.yaml  operation-removed: GET /healthz removed',
      `  ${healthz}  GET /healthz  (fails: not in spec-diff-allow.yaml)`,
      '',
      "BREAKING  schema.graphql  FIELD_REMOVED: Field 'ping' was removed from object type 'Query'",
      `  ${pingRemoved}  Query.ping  (fails: not in spec-diff-allow.yaml)`,
      '',
      '2 breaking (2 not allowed), 0 dangerous, 0 safe.',
      '',
    ].join('\n'),
  );
});

test('fingerprints stay the same when unrelated parts change', async () => {
  const result = await specDiff(scratch, 'HEAD~2', 'HEAD', '--as-json');
  const changes = JSON.parse(result.stdout).changes as Record<string, string>[];
  assert.equal(
    changes.map((change) => [change.level, change.kind, change.location, change.fingerprint]),
    [
      ['breaking', 'operation-removed', 'GET /healthz', healthz],
      ['breaking', 'FIELD_REMOVED', 'Query.ping', pingRemoved],
      ['safe', 'operation-added', 'GET /health-v2', fingerprint('openapi.yaml', 'operation-added', 'GET /health-v2')],
    ],
  );
});

test('an allow-list naming the breaks (a fingerprint, a list of them, kind and location) lets the diff pass; entries that match nothing are stale, not failing', async () => {
  write(
    'spec-diff-allow.yaml',
    `allow:
  - { fingerprint: [${healthz}, 0123456789ab], reason: GET /health answers the same. }
  - { kind: FIELD_REMOVED, location: Query.ping, spec: schema.graphql, reason: Nobody calls it. }
  - { kind: operation-removed, location: GET /metrics, reason: Planned. }
`,
  );
  try {
    const result = await specDiff(scratch, 'HEAD~2', 'HEAD~1');
    assert.is(result.code, 0, result.stderr);
    assert.ok(
      result.stdout.includes(`  ${healthz}  GET /healthz  (allowed: GET /health answers the same.)\n`),
      result.stdout,
    );
    assert.ok(result.stdout.includes(`  ${pingRemoved}  Query.ping  (allowed: Nobody calls it.)\n`), result.stdout);
    assert.ok(
      result.stdout.endsWith(
        'stale: spec-diff-allow.yaml entry 1 (0123456789ab) matches no breaking change; remove it\n' +
          'stale: spec-diff-allow.yaml entry 3 (operation-removed at GET /metrics) matches no breaking change; remove it\n\n2 breaking (0 not allowed), 0 dangerous, 0 safe.\n',
      ),
      result.stdout,
    );
  } finally {
    rmSync(path.join(scratch, 'spec-diff-allow.yaml'));
  }
});

test('a malformed allow-list exits 2 naming the file and the entry at its place', async () => {
  for (const [text, message] of [
    [
      'allow:\n  - { fingerprint: abc, reason: x }\n',
      "2:5: allow entry 1: fingerprint 'abc' is not 12 lowercase hex digits",
    ],
    [
      'allow:\n  - { kind: operation-removed, location: GET /x }\n',
      '2:5: allow entry 1: needs a reason (why the break is intended)',
    ],
    [
      'allow:\n  - { kind: removed, location: GET /x, reason: x }\n',
      "2:5: allow entry 1: unknown kind 'removed' (see docs/spec-diff.md#classification)",
    ],
    [
      'allow:\n  - { fingerprint: 0123456789ab, kind: operation-removed, reason: x }\n',
      '2:5: allow entry 1: names a change by fingerprint or by kind and location, not both',
    ],
    [
      'allow:\n  - { location: GET /x, reason: x }\n',
      "2:5: allow entry 1: needs 'fingerprint', or 'kind' and 'location'",
    ],
    [
      'allow:\n  - { fingerprint: [], reason: x }\n',
      "2:5: allow entry 1: 'fingerprint' must be a name or a non-empty list of names",
    ],
    [
      'allow:\n  - { fingerprint: 0123456789ab, reason: x, why: y }\n',
      "2:5: allow entry 1: unknown field 'why' (fields: fingerprint, kind, location, spec, reason)",
    ],
    ['allowed: []\n', "1:1: unknown top-level key 'allowed' (expected 'allow')"],
    ['allow: {}\n', "1:1: expected a mapping with an 'allow' list"],
  ] as const) {
    write('bad-allow.yaml', text);
    const result = await specDiff(scratch, 'HEAD~2', 'HEAD~1', '--allow', 'bad-allow.yaml');
    assert.equal([result.code, result.stderr], [2, `bad-allow.yaml:${message}\n`], text);
  }
  rmSync(path.join(scratch, 'bad-allow.yaml'));
});

test('a spec that does not parse exits 2 with file:line:col, why and the version', async () => {
  const [openapi, graphql] = [read('openapi.yaml'), read('schema.graphql')];
  try {
    write('openapi.yaml', 'openapi: 3.1.0\npaths: [\n');
    const yaml = await specDiff(scratch, 'HEAD');
    assert.is(yaml.code, 2);
    assert.match(yaml.stderr, /^openapi\.yaml:\d+:\d+: invalid YAML: .* \(at working tree\)\n$/);
    write('openapi.yaml', openapi);
    write('schema.graphql', 'type Query { ping: String! ');
    const sdl = await specDiff(scratch, 'HEAD');
    assert.equal(
      [sdl.code, sdl.stderr],
      [2, 'schema.graphql:1:28: Syntax Error: Expected Name, found <EOF>. (at working tree)\n'],
    );
    write('schema.graphql', 'type Query { ping: Strin! }');
    const unknown = await specDiff(scratch, 'HEAD');
    assert.equal(
      [unknown.code, unknown.stderr],
      [2, 'schema.graphql:1:20: Unknown type "Strin". Did you mean "String"? (at working tree)\n'],
    );
  } finally {
    write('openapi.yaml', openapi);
    write('schema.graphql', graphql);
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));
test.run();
