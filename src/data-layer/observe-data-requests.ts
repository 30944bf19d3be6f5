// Times every request of DATA_PORT and reports it once its response is finished or cut
// (docs/metrics.md#requests): the route is one of the data layer's three paths, the API
// explorer's files (docs/api-explorer.md), or `unmatched`, never the raw path a client sent.
// recordDataRequests hands each to the access log and metrics every front door writes through
// (src/request-envelope/request-observer.ts).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { explorerAssetPrefix, explorerAssetRoute } from '../api-explorer/api-explorer.ts';
import type { Metrics } from '../observability/metrics.ts';
import { RequestObserver } from '../request-envelope/request-observer.ts';
import { requestIdOf } from '../request-envelope/request-id.ts';
import { callerOf } from './request-callers.ts';
import { requestPath } from './request-path.ts';
import { nameServerSpan, traceIdOf } from '../observability/tracing/traced-listener.ts';

export interface DataRequestObservation {
  readonly method: string;
  readonly route: '/v1/graphql' | '/healthz' | '/v1/access/matrix' | typeof explorerAssetRoute | 'unmatched';
  readonly status: number;
  readonly seconds: number;
  /** The request's trace, when tracing is on (docs/tracing.md). */
  readonly traceId: string | undefined;
}

export function dataRoute(request: IncomingMessage): DataRequestObservation['route'] {
  const path = requestPath(request);
  if (path === '/v1/graphql' || path === '/healthz' || path === '/v1/access/matrix') return path;
  return path.startsWith(explorerAssetPrefix) ? explorerAssetRoute : 'unmatched';
}

const startedKey = Symbol('data-layer request start');
type Timed = ServerResponse & { [startedKey]: number };

export function observeDataRequests(
  listener: RequestListener,
  observe: (request: IncomingMessage, observation: DataRequestObservation) => void,
): RequestListener {
  // One listener for every response (it reads the response as `this`) and the start on the
  // response itself: nothing is allocated per request for the observation but its result.
  function onClose(this: Timed): void {
    const request = this.req;
    const route = dataRoute(request);
    nameServerSpan(this, request.method ?? 'GET', route);
    observe(request, {
      method: request.method ?? 'GET',
      route,
      status: this.statusCode,
      seconds: (performance.now() - this[startedKey]) / 1e3,
      traceId: traceIdOf(this),
    });
  }
  return (request: IncomingMessage, response: ServerResponse) => {
    (response as Timed)[startedKey] = performance.now();
    // 'close' comes once for every response: after 'finish' when it was sent, or when its connection went first.
    response.on('close', onClose);
    listener(request, response);
  };
}

/**
 * `listener` with each request's access log line and metrics (`server: data`): its request id,
 * how its caller authenticated (`admin-secret`, `bearer`, or `anonymous` before) and the role it
 * acted as; never the admin secret, a token or the body.
 */
export function recordDataRequests(listener: RequestListener, logger: Logger, metrics: Metrics): RequestListener {
  const observer = new RequestObserver('data', logger, metrics);
  return observeDataRequests(listener, (request, { method, route, status, seconds, traceId }) => {
    const caller = callerOf(request);
    const via = caller?.via ?? 'anonymous';
    observer.answered(method, route, status, requestIdOf(request), via, caller?.role, seconds, traceId);
  });
}
