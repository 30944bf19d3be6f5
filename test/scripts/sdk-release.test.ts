// The SDK's version follows the API (docs/sdk.md#versions): changes spec:diff finds since the last
// release make a major version (breaking), a minor one (dangerous, safe) or none; the changelog
// entry lists them; and the release record refuses specs or a package version that moved away
// from it (codegen --check's process run: test/scripts/codegen-check.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffSpecs } from '../../src/spec-review/diff-specs.ts';
import { changelogEntry, withEntry } from '../../scripts/codegen/sdk/release/sdk-changelog.ts';
import { gitBlobId, releaseProblem, type SdkRelease } from '../../scripts/codegen/sdk/release/sdk-release-record.ts';
import { bumped, bumpFor } from '../../scripts/codegen/sdk/release/sdk-version.ts';

const openapi = `openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /healthz:
    get:
      operationId: getLiveness
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: {type: string, enum: [ok]}
`;
const graphql = `type Query {
  "Answers pong."
  ping: String!
  wallet: Wallet
}
type Wallet {
  id: ID!
  name: String
}
`;
const released = { name: 'SDK 1.4.2', openapi, graphql };

async function versionAfter(edit: { openapi?: string; graphql?: string }): Promise<string> {
  const changes = await diffSpecs(released, { name: 'working tree', openapi, graphql, ...edit });
  return bumped('1.4.2', bumpFor(changes));
}

test('a breaking change makes a major version', async () => {
  assert.is(await versionAfter({ graphql: graphql.replace('  name: String\n', '') }), '2.0.0');
});

test('a dangerous change makes a minor version', async () => {
  assert.is(await versionAfter({ openapi: openapi.replace('enum: [ok]', 'enum: [ok, degraded]') }), '1.5.0');
});

test('a safe change makes a minor version', async () => {
  assert.is(
    await versionAfter({ graphql: graphql.replace('  name: String\n', '  name: String\n  label: String\n') }),
    '1.5.0',
  );
});

test('no API change keeps the version: a description is no change', async () => {
  assert.is(await versionAfter({ graphql: graphql.replace('Answers pong.', 'Answers pong, always.') }), '1.4.2');
});

test('a patch is asked for by hand', () => {
  assert.is(bumped('1.4.2', 'patch'), '1.4.3');
  assert.throws(() => bumped('1.4', 'minor'), /not a major\.minor\.patch version/);
});

test('the changelog entry lists each change under its level, newest entry first', async () => {
  const changes = await diffSpecs(released, {
    name: 'working tree',
    openapi: openapi.replace('enum: [ok]', 'enum: [ok, degraded]'),
    graphql: graphql.replace('  name: String\n', '  label: String\n'),
  });
  const entry = changelogEntry('2.0.0', changes);
  assert.ok(entry.startsWith('## 2.0.0\n'), entry);
  assert.match(entry, /### Breaking[^\n]*\n\n- `Wallet\.name` \(schema\.graphql, `FIELD_REMOVED`\): /);
  assert.match(
    entry,
    /### Dangerous[^\n]*\n\n- `GET \/healthz > response 200 > application\/json > body\.status > enum "degraded"` \(openapi\.yaml, `response-enum-value-added`\)/,
  );
  assert.match(entry, /### Added[^\n]*\n\n- `Wallet\.label` \(schema\.graphql, `FIELD_ADDED`\)/);
  const changelog = withEntry('# Changelog\n\nWords.\n\n## 1.4.2\n\nOlder.\n', entry);
  assert.ok(changelog.startsWith(`# Changelog\n\nWords.\n\n${entry}\n## 1.4.2\n`), changelog);
});

test('the record refuses a spec edited since the release, and a version edited by hand', () => {
  const release: SdkRelease = {
    version: '1.4.2',
    specs: { 'openapi.yaml': gitBlobId(openapi), 'schema.graphql': gitBlobId(graphql) },
  };
  assert.is(releaseProblem(release, '1.4.2', release.specs), null);
  const edited = { ...release.specs, 'schema.graphql': gitBlobId(`${graphql}\n`) };
  assert.is(
    releaseProblem(release, '1.4.2', edited),
    'schema.graphql changed since SDK release 1.4.2 (sdk/release.json); run `npm run sdk:release` to version the SDK after the API change',
  );
  assert.match(
    releaseProblem(release, '1.5.0', release.specs) ?? '',
    /^sdk\/package\.json says version 1\.5\.0, sdk\/release\.json 1\.4\.2; run `npm run sdk:release`/,
  );
});

test('the blob id is the one git gives the text', () => {
  // `printf 'hello\n' | git hash-object --stdin`
  assert.is(gitBlobId('hello\n'), 'ce013625030ba8dba906f756967f9e9ca394464a');
});

test.run();
