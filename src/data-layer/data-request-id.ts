// The request id of a DATA_PORT request, by the main port's rule (src/request-headers/request-id.ts):
// echoed as X-Request-Id and kept beside the request for its log lines (docs/metrics.md#access-log),
// without widening the app's handler signatures. Kept on the request itself, like
// request-callers.ts, so it goes with the request: a WeakMap would cost the garbage collector an
// ephemeron entry per request on this hot path (docs/benchmarks.md#what-the-hot-paths-pay-for).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdFrom } from '../request-headers/request-id.ts';

const idKey = Symbol('data-layer request id');
type WithId = IncomingMessage & { [idKey]?: string };

/** Gives the request its id and sets the X-Request-Id response header; once per request. */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = requestIdFrom(typeof incoming === 'string' ? incoming : undefined);
  (request as WithId)[idKey] = id;
  response.setHeader('X-Request-Id', id);
  return id;
}

/** The id given by assignRequestId, or undefined for a request it has not seen. */
export function requestIdOf(request: IncomingMessage): string | undefined {
  return (request as WithId)[idKey];
}
