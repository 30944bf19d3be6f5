// The operation table the router is bound from (docs/code-generation.md): one entry
// per operationId with method, path, security, parameters, body and response content types.
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import { type CollectedOperation, toRouterPath } from './collect-operations.ts';

function entry(operation: CollectedOperation): unknown {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    routerPath: toRouterPath(operation.path),
    tag: operation.tag,
    summary: operation.summary,
    security: operation.security,
    parameters: operation.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required ?? false })),
    requestBody: operation.requestBody
      ? { required: operation.requestBody.required, contentTypes: operation.requestBody.contentTypes }
      : null,
    responses: Object.fromEntries(operation.responses.map((r) => [r.status, r.contentTypes])),
  };
}

export function renderOperationTable(operations: CollectedOperation[]): GeneratedFile {
  const body = Object.fromEntries(operations.map((operation) => [operation.operationId, entry(operation)]));
  const contents = [
    tsBanner('scripts/codegen/openapi', 'openapi.yaml'),
    "import type { OperationDefinition } from '../../src/http/operation-definition.ts';",
    '',
    `export const operations = ${JSON.stringify(body, null, 2)} as const satisfies Record<string, OperationDefinition>;`,
    '',
    'export type OperationId = keyof typeof operations;',
    '',
    'export const operationIds = Object.keys(operations) as OperationId[];',
    '',
  ].join('\n');
  return { path: 'generated/openapi/operations.ts', contents };
}
