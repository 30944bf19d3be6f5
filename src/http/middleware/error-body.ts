// The body of every error answer (docs/error-codes.md#where-each-face-puts-the-code): the REST
// error body, unless the route's transport writes its own (POST /graphql: a GraphQL response).
import type { Context } from 'koa';
import type { AppError } from '../../errors/app-error.ts';

/**
 * Writes the body of an error answer, and its content type; handle-errors.ts has set the status
 * and headers. The router puts a transport's own writer on `ctx.state.writeErrorBody`.
 */
export type ErrorBodyWriter = (ctx: Context, error: AppError) => void;

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

export const writeRestErrorBody: ErrorBodyWriter = (ctx, error) => {
  ctx.body = errorBody(error, ctx.state.requestId);
};
