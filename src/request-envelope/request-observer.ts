// One access log line and one metrics observation per answered request (docs/metrics.md#access-log,
// docs/metrics.md#requests), the same for every front door: the Koa app, POST /graphql's fast lane
// and its graphql-ws operations on PORT (`api`), the data layer on DATA_PORT (`data`). The line
// names the route template, never the raw path or query string (which can carry a token), and the
// kind of caller, never a credential. Each door calls it once its answer is decided: the Koa app
// when its middleware returns, the fast lane once it has written, the data layer when the response
// closes (src/data-layer/observe-data-requests.ts).
import type { Logger } from 'pino';
import type { ServerName } from '../observability/http-metrics.ts';
import type { Metrics } from '../observability/metrics.ts';

/** Seconds since `started`, a performance.now() reading. */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1e3;
}

export class RequestObserver {
  private readonly server: ServerName;
  private readonly logger: Logger;
  private readonly metrics: Metrics;

  constructor(server: ServerName, logger: Logger, metrics: Metrics) {
    this.server = server;
    this.logger = logger;
    this.metrics = metrics;
  }

  /**
   * A request answered with `status` after `seconds`. `route`: its route template or `unmatched`;
   * `caller`: the kind of caller (`anonymous`, `api-key:admin`, `admin-secret`, …); `role`: the
   * role the data layer served it as, once authenticated; `traceId`: its trace when tracing is on
   * (docs/tracing.md). Arguments rather than an object: this
   * runs on every request, and the caller has each value at hand.
   */
  answered(
    method: string,
    route: string,
    status: number,
    requestId: string | undefined,
    caller: string,
    role: string | undefined,
    seconds: number,
    traceId?: string,
  ): void {
    const { server, logger } = this;
    this.metrics.observeRequest({ server, method, route, status }, seconds);
    const level = status >= 500 ? 'warn' : 'info';
    // The line's object is built only when it will be written.
    if (!logger.isLevelEnabled(level)) return;
    // `role` and `traceId` undefined are left out of the line (pino writes no undefined member).
    const ms = Math.round(seconds * 1e4) / 10;
    logger[level]({ server, requestId, method, route, status, ms, principal: caller, role, traceId }, 'request');
  }
}
