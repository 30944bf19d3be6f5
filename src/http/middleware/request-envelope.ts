// What every request on the REST and business GraphQL port goes through before its route
// (docs/requests.md#the-envelope), in this order: its id (request-id.ts), the access log line and
// metrics once answered (observe-requests.ts), errors mapped to their answer (handle-errors.ts),
// the request deadline (request-deadline.ts). One middleware rather than four: each Koa layer
// costs every request a promise and a dispatch (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../../observability/metrics.ts';
import type { HttpState } from '../koa-state.ts';
import { answerError } from './handle-errors.ts';
import { recordRequest } from './observe-requests.ts';
import { underDeadline } from './request-deadline.ts';
import { beginRequest } from './request-id.ts';

export function requestEnvelope(options: {
  logger: Logger;
  metrics: Metrics;
  /** REQUEST_TIMEOUT_MS; 0: none. */
  requestTimeoutMs: number;
}): Middleware<HttpState> {
  const { logger, metrics, requestTimeoutMs } = options;
  return async (ctx, next) => {
    beginRequest(ctx);
    const started = process.hrtime.bigint();
    try {
      await underDeadline(ctx, requestTimeoutMs, next);
    } catch (thrown) {
      answerError(ctx, thrown, logger);
    } finally {
      recordRequest(ctx, started, logger, metrics);
    }
  };
}
