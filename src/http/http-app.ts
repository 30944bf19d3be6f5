// The REST + GraphQL Koa application: request id, metrics and logs, error mapping, the request
// deadline (one middleware, request-envelope.ts), then the routes bound from the operation table
// (docs/requests.md#the-envelope). Kept small on purpose.
import Koa, { type Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics.ts';
import type { HttpState } from './koa-state.ts';
import { requestEnvelope } from './middleware/request-envelope.ts';
import { type RouterOptions, createRouter, unmatchedRoute } from './router.ts';

export interface HttpAppOptions extends RouterOptions {
  metrics: Metrics;
  logger: Logger;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  proxy?: boolean;
  /** REQUEST_TIMEOUT_MS: a request still running then is answered 503; 0 or absent: none. */
  requestTimeoutMs?: number;
  /**
   * Middleware serving paths of their own ahead of the router's matching (the development identity
   * provider under its path); a request for an operation's exact path never enters them.
   */
  before?: Middleware<HttpState>[];
}

export function createHttpApp(options: HttpAppOptions): Koa<HttpState> {
  const app = new Koa<HttpState>({ proxy: options.proxy ?? false });
  const { router, routes } = createRouter(options, options.before);
  app.use(
    requestEnvelope({
      logger: options.logger,
      metrics: options.metrics,
      requestTimeoutMs: options.requestTimeoutMs ?? 0,
    }),
  );
  app.use(routes);
  app.use(unmatchedRoute(router));
  // Errors are answered by handleErrors; Koa's own handler would print them to stderr.
  app.silent = true;
  return app;
}
