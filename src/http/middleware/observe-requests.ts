// One access log line and one metrics observation per request, labelled by route template
// (docs/metrics.md#access-log). The line names the route template, never the raw path or query
// string (which can carry a token), and the kind of caller, never a credential.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../../observability/metrics.ts';
import type { HttpState } from '../koa-state.ts';
import { principalKind } from '../principal-kind.ts';

export function observeRequests(logger: Logger, metrics: Metrics): Middleware<HttpState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(
        { server: 'api', method: ctx.method, route: ctx.state.route, status: ctx.status },
        seconds,
      );
      logger[ctx.status >= 500 ? 'warn' : 'info'](
        {
          server: 'api',
          requestId: ctx.state.requestId,
          method: ctx.method,
          route: ctx.state.route,
          status: ctx.status,
          ms: Math.round(seconds * 1e4) / 10,
          principal: principalKind(ctx.state.principal),
        },
        'request',
      );
    }
  };
}
