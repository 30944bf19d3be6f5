// openapi.yaml → generated/openapi/: types, the operation table, the Handlers type, the request
// validators and the response validators (docs/code-generation.md).
import type { GeneratedFile } from '../shared/generated-file.ts';
import { collectOperations } from './collect-operations.ts';
import type { OpenApiDocument } from './openapi-document.ts';
import { renderHandlersType } from './render-handlers-type.ts';
import { renderOpenApiTypes } from './render-openapi-types.ts';
import { renderOperationTable } from './render-operation-table.ts';
import { renderRequestValidators } from './render-request-validators.ts';
import { renderResponseValidators } from './render-response-validators.ts';

export async function generateFromOpenApi(document: OpenApiDocument): Promise<GeneratedFile[]> {
  const operations = collectOperations(document);
  return [
    await renderOpenApiTypes(document),
    renderOperationTable(operations),
    renderHandlersType(operations),
    ...renderRequestValidators(document, operations),
    renderResponseValidators(document, operations),
  ];
}
