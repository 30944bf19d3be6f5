// What `npm run dev` regenerates after an edit (docs/code-generation.md#what-npm-run-dev-regenerates):
// each input file to its generators, never the SDK; a migration re-introspects the database;
// other src/ files only typecheck and restart; editors' scratch files and anything outside the
// watched inputs do nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { affectedWork, isWatchedInput } from '../../../scripts/dev/affected-generators.ts';

function generatorsOf(...paths: string[]): string[] {
  return [...affectedWork(paths).generators].sort();
}

test('each spec maps to the generators that read it', () => {
  assert.equal(generatorsOf('openapi.yaml'), ['openapi']);
  assert.equal(generatorsOf('schema.graphql'), ['graphql']);
  assert.equal(generatorsOf('codegen.yml'), ['graphql']);
  assert.equal(generatorsOf('permissions.yaml'), ['permissions']);
  assert.equal(generatorsOf('permissions.schema.json'), ['permissions']);
});

test('a permissions.yaml edit does not run the SDK generator (it compiles the SDK)', () => {
  assert.not.ok(affectedWork(['permissions.yaml']).generators.has('sdk'));
  assert.not.ok(affectedWork(['openapi.yaml', 'schema.graphql', 'permissions.yaml']).generators.has('sdk'));
});

test('a migration regenerates the database types and the permissions, introspecting again', () => {
  const work = affectedWork(['src/db/migrations/0099_example.ts']);
  assert.equal([...work.generators].sort(), ['database', 'permissions']);
  assert.is(work.migrations, true);
});

test('other source files generate nothing but are reported for the typecheck and restart', () => {
  const work = affectedWork(['src/documents/templates/invoice.hbs', 'src/graphql/scalars.ts']);
  assert.equal([...work.generators], []);
  assert.is(work.migrations, false);
  assert.equal(work.paths, ['src/documents/templates/invoice.hbs', 'src/graphql/scalars.ts']);
});

test('paths outside the inputs and editor scratch files are ignored', () => {
  for (const file of ['README.md', 'generated/openapi/operations.ts', 'src/.scalars.ts.swp', 'src/a.ts~', 'src/4913'])
    assert.is(isWatchedInput(file), false, file);
  assert.equal(affectedWork(['README.md', 'src/graphql/.scalars.ts.swp']).paths, []);
});

test.run();
