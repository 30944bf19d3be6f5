// The `extensions` of a GraphQL error raised on purpose (docs/error-codes.md#where-each-face-puts-the-code):
// the GraphQL code of its AppError and, when a retry may succeed, `retryAfterSeconds`, since a
// GraphQL error has no header of its own (a field error beside partial data, a subscription).
import type { AppError } from '../errors/app-error.ts';
import { errorCodes } from '../errors/error-codes.ts';

export function graphqlErrorExtensions(error: AppError): { code: string; retryAfterSeconds?: number } {
  const code = errorCodes[error.code].graphqlCode;
  return error.retryAfterSeconds === undefined ? { code } : { code, retryAfterSeconds: error.retryAfterSeconds };
}
