// What every request on the REST and business GraphQL port goes through before its route
// (docs/requests.md#the-envelope): the request envelope of src/request-envelope/, said in Koa.
// In this order: its id (request-id.ts), the access log line and metrics once answered
// (src/request-envelope/request-observer.ts), errors mapped to their answer (handle-errors.ts),
// the request deadline (src/request-envelope/under-deadline.ts). One middleware rather than four:
// each Koa layer costs every request a promise and a dispatch (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import type { Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../../observability/metrics.ts';
import { RequestObserver, secondsSince } from '../../request-envelope/request-observer.ts';
import { underDeadline } from '../../request-envelope/under-deadline.ts';
import type { HttpState } from '../koa-state.ts';
import { principalKind } from '../principal-kind.ts';
import { answerError } from './handle-errors.ts';
import { beginRequest } from './request-id.ts';
import { nameServerSpan, traceIdOf } from '../../observability/tracing/traced-listener.ts';

export function requestEnvelope(options: {
  logger: Logger;
  metrics: Metrics;
  /** REQUEST_TIMEOUT_MS; 0: none. */
  requestTimeoutMs: number;
}): Middleware<HttpState> {
  const { logger, requestTimeoutMs } = options;
  const observer = new RequestObserver('api', logger, options.metrics);
  return async (ctx, next) => {
    beginRequest(ctx);
    const started = performance.now();
    try {
      await deadlineOf(ctx, requestTimeoutMs, next);
    } catch (thrown) {
      answerError(ctx, thrown, logger);
    } finally {
      const { requestId, route, principal } = ctx.state;
      nameServerSpan(ctx.res, ctx.method, route);
      observer.answered(
        ctx.method,
        route,
        ctx.status,
        requestId,
        principalKind(principal),
        undefined,
        secondsSince(started),
        traceIdOf(ctx.res),
      );
    }
  };
}

/**
 * `next` under the request's deadline. Uploads are exempt: their duration is the client's
 * sending speed, which Node's own request timeout bounds; their statements keep
 * DB_STATEMENT_TIMEOUT_MS (docs/database.md#database-faults).
 */
function deadlineOf(
  ctx: ParameterizedContext<HttpState>,
  timeoutMs: number,
  next: () => Promise<unknown>,
): Promise<unknown> {
  if (timeoutMs <= 0 || ctx.request.is('multipart/form-data')) return next();
  return underDeadline(ctx.req, timeoutMs, next);
}
