// GET and HEAD /healthz answered in front of Koa (docs/requests.md#the-liveness-fast-lane): the
// liveness probe's answer is fixed (openapi.yaml `/healthz`: `ok`, no authentication, no
// parameters), so the exact path is answered from the request envelope every front door shares
// (src/request-envelope/): its request id, the same head and body as the Koa route's, the access
// log line and the metrics. Anything else, a query string included, goes to the next listener
// untouched. Koa's context, dispatch and response handling had cost the probe three times a bare
// Koa app's CPU per request (docs/benchmarks-log.md#the-liveness-fast-lane-2026-12-06).
import type { OutgoingHttpHeaders, RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { operations } from '../../generated/openapi/operations.ts';
import type { Metrics } from '../observability/metrics.ts';
import { nameServerSpan, traceIdOf } from '../observability/tracing/traced-listener.ts';
import { requestIdFor } from '../request-envelope/request-id.ts';
import { RequestObserver, secondsSince } from '../request-envelope/request-observer.ts';

const route = operations.getLiveness.path;
const body = 'ok';
/** What Koa writes for the route's text answer: its media type with the charset Koa adds. */
const contentType = 'text/plain; charset=utf-8';

export function withLivenessFastLane(
  next: RequestListener,
  options: { readonly logger: Logger; readonly metrics: Metrics },
): RequestListener {
  const observer = new RequestObserver('api', options.logger, options.metrics);
  return (request, response) => {
    const { method } = request;
    if (request.url !== route || (method !== 'GET' && method !== 'HEAD')) return next(request, response);
    const started = performance.now();
    const requestId = requestIdFor(request.headers);
    // All headers at once, in the order the Koa route writes them (write-answer.ts says why at once).
    const headers: OutgoingHttpHeaders = {
      'X-Request-Id': requestId,
      'Content-Type': contentType,
      'Content-Length': body.length,
    };
    response.writeHead(200, headers);
    // A HEAD answer has the same head and no body; Node leaves the body out for HEAD itself.
    response.end(body);
    nameServerSpan(response, method, route);
    observer.answered(
      method,
      route,
      200,
      requestId,
      'anonymous',
      undefined,
      secondsSince(started),
      traceIdOf(response),
    );
  };
}
