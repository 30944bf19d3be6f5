// One access log line and one metrics observation per request, labelled by route template
// (docs/metrics.md#access-log). The line names the route template, never the raw path or query
// string (which can carry a token), and the kind of caller, never a credential.
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Principal } from '../../access/principal.ts';
import type { Metrics } from '../../observability/metrics.ts';
import type { HttpState } from '../koa-state.ts';
import { principalKind } from '../principal-kind.ts';

/** The metrics observation and the access log line of a request answered now; `started` from process.hrtime.bigint(). */
export function recordRequest(
  ctx: ParameterizedContext<HttpState>,
  started: bigint,
  logger: Logger,
  metrics: Metrics,
): void {
  const { requestId, route, principal } = ctx.state;
  recordAnswer({ method: ctx.method, route, status: ctx.status, requestId, principal }, started, logger, metrics);
}

/** As recordRequest, for a request answered outside Koa (the GraphQL fast lane, src/graphql/graphql-fast-lane.ts). */
export function recordAnswer(
  answered: { method: string; route: string; status: number; requestId: string; principal: Principal },
  started: bigint,
  logger: Logger,
  metrics: Metrics,
): void {
  const { method, route, status } = answered;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  metrics.observeRequest({ server: 'api', method, route, status }, seconds);
  logger[status >= 500 ? 'warn' : 'info'](
    {
      server: 'api',
      requestId: answered.requestId,
      method,
      route,
      status,
      ms: Math.round(seconds * 1e4) / 10,
      principal: principalKind(answered.principal),
    },
    'request',
  );
}
