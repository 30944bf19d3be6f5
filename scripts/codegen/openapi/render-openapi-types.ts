// TypeScript types of every path, operation and component, by openapi-typescript; binary
// bodies are typed as the bytes handlers send (binary-body-type.ts).
import openapiTS, { astToString } from 'openapi-typescript';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import { binaryBodyImport, binaryBodyType } from './binary-body-type.ts';
import type { OpenApiDocument } from './openapi-document.ts';

export async function renderOpenApiTypes(document: OpenApiDocument): Promise<GeneratedFile> {
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: false,
    exportType: false,
    rootTypes: false,
    silent: true,
    transform: binaryBodyType,
  });
  const banner = tsBanner('openapi-typescript', 'openapi.yaml');
  return {
    path: 'generated/openapi/openapi-types.ts',
    contents: `${banner}\n${binaryBodyImport}\n\n${astToString(ast)}`,
  };
}
