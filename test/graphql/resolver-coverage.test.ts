// A root field added to schema.graphql fails the type check of the resolver map until it has
// a resolver (src/graphql/implemented-resolvers.ts) and a scope
// (src/graphql/operation-scopes.ts): the resolver types are generated from an edited copy of
// the schema and the map is checked against them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateFromGraphqlSchema } from '../../scripts/codegen/graphql/graphql-generator.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const resolverMap = path.join(repo, 'src/graphql/resolvers/business-resolvers.ts');
const resolverTypes = path.join(repo, 'generated/graphql/resolver-types.ts');
const scopeTable = path.join(repo, 'src/graphql/operation-scopes.ts');
let copy: string;

test.before(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'resolver-coverage-'));
  for (const source of ['schema.graphql', 'codegen.yml']) cpSync(path.join(repo, source), path.join(copy, source));
});
test.after(() => rmSync(copy, { recursive: true, force: true }));

/** Resolver types of schema.graphql with `field` added to Query. */
async function resolverTypesWith(field: string): Promise<string> {
  const schema = readFileSync(path.join(repo, 'schema.graphql'), 'utf8');
  writeFileSync(
    path.join(copy, 'schema.graphql'),
    schema.replace('  ping: String!\n', `  ping: String!\n  ${field}: String\n`),
  );
  const contents = (await generateFromGraphqlSchema(copy))[0]?.contents ?? '';
  assert.ok(contents.includes(`${field}?: Resolver`), 'the edited schema reached the generated types');
  return contents;
}

/** Type errors of the resolver map, with some files' contents replaced. */
function typeErrors(replaced: ReadonlyMap<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repo, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json did not parse');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, readFile } = host;
  host.readFile = (name) => replaced.get(path.resolve(name)) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const contents = replaced.get(path.resolve(name));
    return contents === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, contents, language);
  };
  // The map, and the declarations the project writes for untyped packages (src/db/pg-utils.d.ts…),
  // which tsc finds through tsconfig.json's `include` and a program of one root would not.
  const declarations = config.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram([resolverMap, ...declarations], config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

test('the resolver map type-checks against the committed resolver types', () => {
  assert.equal(typeErrors(new Map()), []);
});

test('a Query field without a resolver is a type error naming it', async () => {
  const errors = typeErrors(new Map([[resolverTypes, await resolverTypesWith('portfolioSummary')]]));
  assert.ok(
    errors.some((error) => /Property 'portfolioSummary' is missing/.test(error)),
    errors.join('\n'),
  );
});

/** The resolver map with a resolver for the new field. */
const withResolver = () =>
  readFileSync(resolverMap, 'utf8').replace('    Query: {\n', '    Query: {\n      portfolioSummary: () => null,\n');

test('a new field with a resolver but without a scope is a type error naming it', async () => {
  const errors = typeErrors(
    new Map([
      [resolverTypes, await resolverTypesWith('portfolioSummary')],
      [resolverMap, withResolver()],
    ]),
  );
  assert.ok(
    errors.some((error) => /Property 'portfolioSummary' is missing/.test(error)),
    errors.join('\n'),
  );
});

test('a resolver and a scope for the new field satisfy the type checker', async () => {
  const scopes = readFileSync(scopeTable, 'utf8').replace(
    '  Query: {\n',
    "  Query: {\n    portfolioSummary: 'read',\n",
  );
  assert.equal(
    typeErrors(
      new Map([
        [resolverTypes, await resolverTypesWith('portfolioSummary')],
        [resolverMap, withResolver()],
        [scopeTable, scopes],
      ]),
    ),
    [],
  );
});

test.run();
