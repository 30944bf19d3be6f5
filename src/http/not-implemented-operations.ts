// THE list of REST operations that still answer 501 "not implemented: <operationId>"
// (docs/requests.md#the-router). Later work only ever removes entries from it; the type checker
// makes sure every operation is either here or has a real handler in the table of
// handlers/handler-table.ts.
import type { OperationId } from '../../generated/openapi/operations.ts';

export const notImplementedOperations = [] as const satisfies readonly OperationId[];

export type NotImplementedOperation = (typeof notImplementedOperations)[number];
