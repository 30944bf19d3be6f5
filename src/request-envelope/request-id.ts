// Every request on either port gets an id, echoed as X-Request-Id and carried by its log lines
// and error bodies (docs/metrics.md#access-log). A caller's own id is kept when it is safe to log:
// 8 to 128 characters of letters, digits and `._:-`; anything else is replaced by a random UUID.
// The Koa app keeps the id on its state (src/http/middleware/request-id.ts) and the fast lane in a
// local; the data layer, a plain node listener whose handlers take only the request and the
// response, keeps it on the request itself (assignRequestId). A symbol key rather than a WeakMap:
// a WeakMap would cost the garbage collector an ephemeron entry per request on this hot path
// (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of a request that sent `incoming` as its X-Request-Id (undefined or empty when none). */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && acceptable.test(incoming) ? incoming : randomUUID();
}

/** The id of a request that sent `headers`. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return requestIdFrom(typeof incoming === 'string' ? incoming : undefined);
}

const idKey = Symbol('request id');
type WithId = IncomingMessage & { [idKey]?: string };

/** Gives the request its id, kept on it for its answer's head and its log line; once per request. */
export function assignRequestId(request: IncomingMessage): string {
  const id = requestIdFor(request.headers);
  (request as WithId)[idKey] = id;
  return id;
}

/** The id given by assignRequestId, or undefined for a request it has not seen. */
export function requestIdOf(request: IncomingMessage): string | undefined {
  return (request as WithId)[idKey];
}
