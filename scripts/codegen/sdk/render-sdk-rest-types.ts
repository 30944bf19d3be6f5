// openapi.yaml → the SDK's REST types by openapi-typescript (paths, components, operations).
// `format: binary` strings are the bytes the client reads (`Uint8Array`, docs/sdk.md#documents),
// except the files of an upload form, which are `Blob`s the caller sends.
import openapiTS, { type SchemaObject, type TransformObject, astToString } from 'openapi-typescript';
import ts from 'typescript';
import type { OpenApiDocument } from '../openapi/openapi-document.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';

function binaryType(schema: SchemaObject, options: { path?: string }): ts.TypeNode | TransformObject | undefined {
  if (schema.format !== 'binary' || schema.type !== 'string') return undefined;
  const upload = options.path?.includes('multipart~1form-data') || options.path?.includes('/UploadRequest/');
  return ts.factory.createTypeReferenceNode(upload ? 'Blob' : 'Uint8Array');
}

export async function renderSdkRestTypes(document: OpenApiDocument): Promise<GeneratedFile> {
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: false,
    exportType: false,
    rootTypes: false,
    silent: true,
    transform: binaryType,
  });
  return {
    path: 'sdk/src/generated/rest-types.ts',
    contents: `${tsBanner('openapi-typescript', 'openapi.yaml')}\n${astToString(ast)}`,
  };
}
