// Maps anything thrown to the error body with the status of errors/error-codes.ts; unexpected
// errors are logged with the request id and masked for clients (docs/error-codes.md). The body
// is REST's unless the route's transport put its own writer on the state (router.ts).
import type { Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import { AppError, toAppError } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import { closesConnection } from '../../errors/request-deadline-errors.ts';
import type { HttpState } from '../koa-state.ts';
import { writeRestErrorBody } from './error-body.ts';

export function handleErrors(logger: Logger): Middleware<HttpState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      answerError(ctx, thrown, logger);
    }
  };
}

/** Answers what a request threw: status, Retry-After, the error body; logs it when unexpected. */
export function answerError(ctx: ParameterizedContext<HttpState>, thrown: unknown, logger: Logger): void {
  const error = settleError(thrown, logger, ctx.state);
  ctx.status = error.httpStatus;
  // The error's retry delay is data; REST says it as Retry-After (openapi.yaml ServiceUnavailable, TooManyRequests).
  if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
  // The rest of a body that stopped arriving cannot be told from a next request (request-deadline-errors.ts).
  if (closesConnection(error)) ctx.set('Connection', 'close');
  (ctx.state.writeErrorBody ?? writeRestErrorBody)(ctx, error);
}

/**
 * What a request threw as the AppError it is answered with, logged when unexpected; shared with
 * the GraphQL fast lane (src/graphql/graphql-fast-lane.ts), which answers outside Koa.
 */
export function settleError(thrown: unknown, logger: Logger, request: { requestId: string; route: string }): AppError {
  const error = toAppError(koaHttpError(thrown) ?? thrown);
  // A quiet error was reported where it arose: a database outage is one line, not one per request.
  if (error.httpStatus >= 500 && error.code !== 'NOT_IMPLEMENTED' && !error.quiet) {
    logger.error({ err: error.cause ?? error, requestId: request.requestId, route: request.route }, 'request failed');
  }
  return error;
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Koa and its body parsers throw `http-errors` with a 4xx status; keep their meaning. */
function koaHttpError(thrown: unknown): AppError | undefined {
  if (thrown instanceof AppError) return undefined;
  const { status, expose, message } = (thrown ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const code = statusCodes[status] ?? 'BAD_REQUEST';
  return new AppError(
    code,
    expose === true && typeof message === 'string' ? message : code.toLowerCase().replace(/_/g, ' '),
    { cause: thrown },
  );
}
