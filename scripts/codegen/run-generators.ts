// Reads the sources once and hands each pure generator its parsed input.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { generateAccessViews } from './access-review/access-views-generator.ts';
import { generateDataLayerSchemas } from './data-layer/data-layer-generator.ts';
import { introspectFreshDatabase } from './database/database-generator.ts';
import { renderDatabaseTypes } from './database/render-database-types.ts';
import { generateFromGraphqlSchema } from './graphql/graphql-generator.ts';
import { schemaRootFields } from './graphql/schema-root-fields.ts';
import { generateFromOpenApi } from './openapi/openapi-generator.ts';
import { generatePermissions } from './permissions/generate-permissions.ts';
import { generateSdk } from './sdk/sdk-generator.ts';
import type { OpenApiDocument } from './openapi/openapi-document.ts';
import type { GeneratedFile } from './shared/generated-file.ts';

export async function runGenerators(root: string): Promise<GeneratedFile[]> {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const [database, openapi, graphql] = await Promise.all([
    introspectFreshDatabase(),
    generateFromOpenApi(parse(read('openapi.yaml')) as OpenApiDocument),
    generateFromGraphqlSchema(root),
  ]);
  const permissionsInput = {
    yamlText: read('permissions.yaml'),
    fileName: 'permissions.yaml',
    database,
    rootFields: schemaRootFields(read('schema.graphql')),
  };
  const permissions = generatePermissions(permissionsInput);
  const dataLayer = generateDataLayerSchemas(permissionsInput);
  const accessViews = generateAccessViews(permissionsInput);
  const sdk = await generateSdk({
    openapi: parse(read('openapi.yaml')) as OpenApiDocument,
    schemaText: read('schema.graphql'),
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
