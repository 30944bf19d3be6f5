// Reads the sources once, checks the specs (validate-specs.ts: nothing is generated from a spec
// with problems), and hands each pure generator its parsed input.
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
import type { GeneratedFile } from './shared/generated-file.ts';

export async function runGenerators(root: string): Promise<GeneratedFile[]> {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const texts = {
    openapi: read(specFiles.openapi),
    schema: read(specFiles.schema),
    permissions: read(specFiles.permissions),
  };
  // The throwaway database starts while the specs are checked; a failed check still waits for it,
  // since permissions.yaml is checked against its tables.
  const introspection = introspectFreshDatabase();
  introspection.catch(() => {});
  const api = await validateApiSpecs(texts);
  if (!api.openapi || api.problems.length > 0) throwSpecProblems(texts, api.problems, await introspection);
  const document = api.openapi.value as OpenApiDocument;
  const [database, openapi, graphql] = await Promise.all([
    introspection,
    generateFromOpenApi(document),
    generateFromGraphqlSchema(root),
  ]);
  const permissionsInput = {
    yamlText: texts.permissions,
    fileName: specFiles.permissions,
    database,
    rootFields: schemaRootFields(texts.schema),
  };
  const permissions = generatePermissions(permissionsInput);
  const dataLayer = generateDataLayerSchemas(permissionsInput);
  const accessViews = generateAccessViews(permissionsInput);
  const sdk = await generateSdk({
    openapi: document,
    schemaText: texts.schema,
    dataLayer,
    businessOperations: permissions.businessOperations,
    handWritten: handWrittenSdkSources(root),
  });
  const files = [
    ...renderDatabaseTypes(database),
    ...openapi,
    ...graphql,
    ...permissions.files,
    ...dataLayer,
    ...accessViews,
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
