// The `Handlers` type: one member per operationId, so a missing or ill-typed handler is a
// compile error that names the operation (docs/code-generation.md).
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import type { CollectedOperation } from './collect-operations.ts';

export function renderHandlersType(operations: CollectedOperation[]): GeneratedFile {
  const members = operations.flatMap((operation) => [
    `  /** ${operation.method.toUpperCase()} ${operation.path}${operation.summary ? ` — ${operation.summary.replace(/\*\//g, '*\\/')}` : ''} */`,
    `  ${operation.operationId}: OperationHandler<openapi.operations['${operation.operationId}']>;`,
  ]);
  const contents = [
    tsBanner('scripts/codegen/openapi', 'openapi.yaml'),
    "import type { OperationHandler } from '../../src/http/operation-types.ts';",
    "import type * as openapi from './openapi-types.ts';",
    '',
    'export interface Handlers {',
    ...members,
    '}',
    '',
  ].join('\n');
  return { path: 'generated/openapi/handlers.ts', contents };
}
