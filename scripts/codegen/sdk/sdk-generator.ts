// openapi.yaml + schema.graphql (+ the data layer's per-role SDL) → the client SDK's generated
// modules under sdk/src/generated/, the SDL copies under sdk/data-layer/, and sdk/dist/, the
// package's compiled JavaScript and declarations of both the generated modules and the
// hand-written runtime (docs/sdk.md#how-it-is-generated).
import { buildSchema, parse } from 'graphql';
import type { OpenApiDocument } from '../openapi/openapi-document.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import { buildOperationDocuments } from './build-operation-documents.ts';
import { compileSdk } from './compile-sdk.ts';
import { errorCodeTable, renderErrorCodes } from './error-code-table.ts';
import { renderGraphqlDocuments } from './render-graphql-documents.ts';
import { renderGraphqlTypes } from './render-graphql-types.ts';
import { renderRestOperations } from './render-rest-operations.ts';
import { renderBusinessOperationRoles } from './render-business-operation-roles.ts';
import { renderSdkRestTypes } from './render-sdk-rest-types.ts';
import type { BusinessOperationModel } from '../../../src/access/permission-model.ts';

export interface SdkSources {
  openapi: OpenApiDocument;
  schemaText: string;
  /** generated/data-layer/<role>.graphql, as the data-layer generator produced them. */
  dataLayer: GeneratedFile[];
  /** permissions.yaml business_operations as compiled: who may call each operation that records a person. */
  businessOperations: { readonly [operation: string]: BusinessOperationModel };
  /** The hand-written sources: sdk/src/**\/*.ts outside sdk/src/generated. */
  handWritten: GeneratedFile[];
}

export async function generateSdk(sources: SdkSources): Promise<GeneratedFile[]> {
  const errors = errorCodeTable(sources.openapi);
  const documents = buildOperationDocuments(buildSchema(sources.schemaText));
  const roleSchemas = sources.dataLayer.filter((file) => /^generated\/data-layer\/[^/]+\.graphql$/.test(file.path));
  const modules = [
    await renderSdkRestTypes(sources.openapi),
    renderRestOperations(sources.openapi, errors),
    renderErrorCodes(errors, sources.openapi),
    await renderGraphqlTypes(parse(sources.schemaText), documents),
    renderGraphqlDocuments(documents),
    renderDataLayerRoles(roleSchemas),
    renderBusinessOperationRoles(sources.businessOperations),
  ];
  const copies = roleSchemas.map((file) => ({
    path: file.path.replace(/^generated\//, 'sdk/'),
    contents: file.contents,
  }));
  return [...modules, ...copies, ...compileSdk([...sources.handWritten, ...modules])];
}

/** The roles whose SDL the package carries as `@…/sdk/data-layer/<role>.graphql` (docs/data-layer.md). */
function renderDataLayerRoles(files: GeneratedFile[]): GeneratedFile {
  const roles = files.map((file) => file.path.replace(/^.*\/|\.graphql$/g, '')).sort();
  const lines = [
    tsBanner('scripts/codegen/sdk', 'permissions.yaml (generated/data-layer/)'),
    "// Roles of the data layer; each role's GraphQL schema is the package file data-layer/<role>.graphql.",
    `export const dataLayerRoles = ${JSON.stringify(roles)} as const;`,
    '',
    'export type DataLayerRole = (typeof dataLayerRoles)[number];',
    '',
  ];
  return { path: 'sdk/src/generated/data-layer-roles.ts', contents: lines.join('\n') };
}
