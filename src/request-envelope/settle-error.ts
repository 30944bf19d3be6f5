// What a request threw, as the AppError it is answered with (docs/error-codes.md): the code's
// status, unexpected errors logged with the request id and masked for clients. The REST routes
// and POST /graphql on both its ways settle their errors here (src/http/middleware/handle-errors.ts,
// src/graphql/graphql-fast-lane.ts); the data layer answers its own way (Hasura's, docs/data-layer.md).
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

/** The AppError `thrown` is answered with; logged when unexpected. */
export function settleError(thrown: unknown, logger: Logger, request: { requestId: string; route: string }): AppError {
  const error = toAppError(statusError(thrown) ?? thrown);
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

/**
 * An error carrying a 4xx `status` (Koa's `http-errors`, a transport's bodiless refusal) keeps
 * its meaning; its message reaches the client only when it says it may (`expose`).
 */
function statusError(thrown: unknown): AppError | undefined {
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
