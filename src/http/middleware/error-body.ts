// The REST error body of every error answer (docs/error-codes.md).
import type { AppError } from '../../errors/app-error.ts';

/**
 * The REST error body: openapi.yaml#/components/schemas/Error
 * (docs/error-codes.md#where-each-face-puts-the-code).
 */
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
