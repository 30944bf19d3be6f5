// Reads the sources once, checks the specs (validate-specs.ts: nothing is generated from a spec
// with problems), and hands each pure generator its parsed input. `npm run codegen` runs them all;
// `npm run dev` asks for the part an edit affects (generator-selection.ts,
// docs/code-generation.md#what-npm-run-dev-regenerates).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { generateAccessViews } from './access-review/access-views-generator.ts';
import { generateDataLayerSchemas } from './data-layer/data-layer-generator.ts';
import { introspectFreshDatabase } from './database/database-generator.ts';
import { renderCodegenInputs } from './render-codegen-inputs.ts';
import { renderDatabaseTypes } from './database/render-database-types.ts';
import { generateFromGraphqlSchema } from './graphql/graphql-generator.ts';
import { schemaRootFields } from './graphql/schema-root-fields.ts';
import { specFiles, throwSpecProblems, validateApiSpecs } from './validate-specs.ts';
import { generateFromOpenApi } from './openapi/openapi-generator.ts';
import { generatePermissions } from './permissions/generate-permissions.ts';
import { generateSdk } from './sdk/sdk-generator.ts';
import type { OpenApiDocument } from './openapi/openapi-document.ts';
import { everyGenerator, type GeneratorSelection } from './generator-selection.ts';
import type { GeneratedFile } from './shared/generated-file.ts';

/**
 * Every file of the selected generators (all by default: `npm run codegen`), after checking all
 * three specs whatever the selection, so a partial run never generates from a spec with problems.
 */
export async function runGenerators(
  root: string,
  selection: GeneratorSelection = everyGenerator,
): Promise<GeneratedFile[]> {
  const wanted = selection.generators;
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const texts = {
    openapi: read(specFiles.openapi),
    schema: read(specFiles.schema),
    permissions: read(specFiles.permissions),
  };
  // The throwaway database starts while the specs are checked; a failed check still waits for it,
  // since permissions.yaml is checked against its tables.
  const introspection = selection.database ?? introspectFreshDatabase();
  introspection.catch(() => {});
  const api = await (selection.validateApiSpecs ?? validateApiSpecs)(texts);
  if (!api.openapi || api.problems.length > 0) throwSpecProblems(texts, api.problems, await introspection);
  const document = api.openapi.value as OpenApiDocument;
  const [database, openapi, graphql] = await Promise.all([
    introspection,
    wanted.has('openapi') ? generateFromOpenApi(document) : [],
    wanted.has('graphql') ? generateFromGraphqlSchema(root) : [],
  ]);
  const permissionsInput = {
    yamlText: texts.permissions,
    fileName: specFiles.permissions,
    database,
    rootFields: schemaRootFields(texts.schema),
  };
  // Compiling permissions.yaml is also its check (against the tables and schema.graphql's root
  // fields), so it runs whatever the selection.
  const permissions = generatePermissions(permissionsInput);
  const dataLayer = wanted.has('permissions') || wanted.has('sdk') ? generateDataLayerSchemas(permissionsInput) : [];
  const accessViews = wanted.has('permissions') ? generateAccessViews(permissionsInput) : [];
  const sdk = wanted.has('sdk')
    ? await generateSdk({
        openapi: document,
        schemaText: texts.schema,
        dataLayer,
        businessOperations: permissions.businessOperations,
        handWritten: handWrittenSdkSources(root),
      })
    : [];
  const files = [
    ...(wanted.has('database') ? renderDatabaseTypes(database) : []),
    ...openapi,
    ...graphql,
    ...(wanted.has('permissions') ? [...permissions.files, ...dataLayer, ...accessViews] : []),
    ...sdk,
    renderCodegenInputs(root),
  ];
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** sdk/src/**\/*.ts written by hand (everything outside sdk/src/generated), which the SDK generator compiles. */
function handWrittenSdkSources(root: string): GeneratedFile[] {
  const folder = path.join(root, 'sdk/src');
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('sdk/src/generated/'))
    .sort()
    .map((file) => ({ path: file, contents: readFileSync(path.join(root, file), 'utf8') }));
}
