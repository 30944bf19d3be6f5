// The path of a DATA_PORT request's target, without its query: what the data layer routes and
// labels by. Sliced at the first `?` rather than split, since it runs three times on every
// request (docs/benchmarks-log.md#instructions-per-request-first-measurements-2026-12-01).
import type { IncomingMessage } from 'node:http';

export function requestPath(request: IncomingMessage): string {
  const target = request.url ?? '/';
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}
