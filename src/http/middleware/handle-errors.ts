// The Koa app's error answer: what a request threw, settled by src/request-envelope/settle-error.ts
// (the code's status; unexpected errors logged with the request id and masked for clients,
// docs/error-codes.md), with the error headers of src/request-envelope/write-answer.ts. The body
// is REST's unless the route's transport put its own writer on the state (router.ts).
import type { Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import { errorHeaders } from '../../request-envelope/write-answer.ts';
import { settleError } from '../../request-envelope/settle-error.ts';
import type { HttpState } from '../koa-state.ts';
import { writeRestErrorBody } from './error-body.ts';

/** answerError alone, as a middleware (request-envelope.ts does it for the app). */
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
  ctx.set(errorHeaders(error, {}) as Record<string, string>);
  (ctx.state.writeErrorBody ?? writeRestErrorBody)(ctx, error);
}
