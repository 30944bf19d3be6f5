import type { AppError } from '../../errors/app-error.ts';

/** The REST error body of DESIGN.md §9 and openapi.yaml's `Error` schema. */
export function errorBody(error: AppError, requestId: string): Record<string, unknown> {
  return {
    ...error.bodyFields,
    success: false,
    message: error.publicMessage,
    code: error.code,
    requestId,
    ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
  };
}
