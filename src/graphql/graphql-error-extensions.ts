// The `extensions` of a GraphQL error raised on purpose (docs/error-codes.md#where-each-face-puts-the-code):
// the GraphQL code of its AppError and, when a retry may succeed, `retryAfterSeconds`, since a
// GraphQL error has no header of its own (a field error beside partial data, a subscription),
// and the members the error names for clients (AppError `extensions`: a refused operation's cost).
import type { AppError } from '../errors/app-error.ts';
import { errorCodes } from '../errors/error-codes.ts';

export function graphqlErrorExtensions(error: AppError): {
  code: string;
  retryAfterSeconds?: number;
  [member: string]: string | number | undefined;
} {
  const code = errorCodes[error.code].graphqlCode;
  const retry = error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds };
  return { code, ...retry, ...error.extensions };
}
