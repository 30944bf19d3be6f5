// The REST + GraphQL Koa application: request id, metrics and logs, error mapping, the request
// deadline, then the router bound from the operation table (docs/architecture.md#requests). Kept
// small on purpose.
import Koa, { type Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics.ts';
import type { HttpState } from './koa-state.ts';
import { handleErrors } from './middleware/handle-errors.ts';
import { observeRequests } from './middleware/observe-requests.ts';
import { requestDeadline } from './middleware/request-deadline.ts';
import { requestId } from './middleware/request-id.ts';
import { type RouterOptions, createRouter, unmatchedRoute } from './router.ts';

export interface HttpAppOptions extends RouterOptions {
  metrics: Metrics;
  logger: Logger;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  proxy?: boolean;
  /** REQUEST_TIMEOUT_MS: a request still running then is answered 503; 0 or absent: none. */
  requestTimeoutMs?: number;
  /** Middleware mounted ahead of the router, e.g. the development identity provider. */
  before?: Middleware<HttpState>[];
}

export function createHttpApp(options: HttpAppOptions): Koa<HttpState> {
  const app = new Koa<HttpState>({ proxy: options.proxy ?? false });
  const { router, routes } = createRouter(options);
  app.use(requestId());
  app.use(observeRequests(options.logger, options.metrics));
  app.use(handleErrors(options.logger));
  app.use(requestDeadline(options.requestTimeoutMs ?? 0));
  for (const middleware of options.before ?? []) app.use(middleware);
  app.use(routes);
  app.use(unmatchedRoute(router));
  // Errors are answered by handleErrors; Koa's own handler would print them to stderr.
  app.silent = true;
  return app;
}
