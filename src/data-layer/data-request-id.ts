// The request id of a DATA_PORT request, by the main port's rule (src/request-headers/request-id.ts):
// echoed as X-Request-Id and kept beside the request for its log lines (docs/metrics.md#access-log),
// without widening the app's handler signatures. Kept on the request itself (a symbol key), so it
// goes with the request: a WeakMap would cost the garbage collector an ephemeron entry per request
// on this hot path (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { requestIdFrom } from '../request-headers/request-id.ts';

const idKey = Symbol('data-layer request id');
type WithId = IncomingMessage & { [idKey]?: string };

/** Gives the request its id, for its log line and for writeDataHead; once per request. */
export function assignRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  const id = requestIdFrom(typeof incoming === 'string' ? incoming : undefined);
  (request as WithId)[idKey] = id;
  return id;
}

/** The id given by assignRequestId, or undefined for a request it has not seen. */
export function requestIdOf(request: IncomingMessage): string | undefined {
  return (request as WithId)[idKey];
}

/**
 * `response.writeHead(status, headers)` with the request's X-Request-Id added to `headers`: every
 * DATA_PORT answer starts here. Given all its headers at once, with none set before, Node writes
 * them straight from the object; a single setHeader beforehand makes it build and merge a header
 * map on every response.
 */
export function writeDataHead(response: ServerResponse, status: number, headers: OutgoingHttpHeaders): void {
  const id = requestIdOf(response.req);
  if (id !== undefined) headers['X-Request-Id'] = id;
  response.writeHead(status, headers);
}
