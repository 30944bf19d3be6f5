// TypeScript types of every path, operation and component, by openapi-typescript.
import openapiTS, { astToString } from 'openapi-typescript';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import type { OpenApiDocument } from './openapi-document.ts';

export async function renderOpenApiTypes(document: OpenApiDocument): Promise<GeneratedFile> {
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: false,
    exportType: false,
    rootTypes: false,
    silent: true,
  });
  return { path: 'generated/openapi/openapi-types.ts', contents: `${tsBanner('openapi-typescript', 'openapi.yaml')}\n${astToString(ast)}` };
}
