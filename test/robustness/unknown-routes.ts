// Requests for paths no operation has, on both ports: traversal from the root and from the static
// folders, the repository's own files, near-misses of real routes, and random segments. Each must
// be a 404 or 405 with the Error body (openapi.yaml), never a file.
import type { Draw } from './draw.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { hostileSegment, traversalSegments } from './hostile-strings.ts';
import { addNoiseHeaders } from './transport-variants.ts';

const probes = [
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/static/../package.json',
  '/static/coins/../../package.json',
  '/static/%2e%2e/%2e%2e/package.json',
  '/static/file-uploads/../../.data/secrets.json',
  '/static/file-uploads/..%2f..%2fsecrets.json',
  '/.data/secrets.json',
  '/package.json',
  '/src/main.ts',
  '/node_modules/cryptocurrency-icons/package.json',
  '/.git/config',
  '/.env',
  '/dev-oidc/.well-known/openid-configuration',
  '/graphql/extra',
  '/v1/graphql',
  '/metrics/../healthz',
  '/healthz/',
  '/HEALTHZ',
  '/static/coins',
  '/static/coins/',
  '/invoices',
  '/invoices/',
  '/%00',
  '//',
  '/;',
];

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

export function unknownRouteRequest(draw: Draw): FuzzRequest {
  const port = draw.chance(0.75) ? 'main' : 'data';
  const path = draw.weighted<() => string>([
    [4, () => draw.pick(probes)],
    [2, () => `/${Array.from({ length: draw.int(1, 4) }, () => hostileSegment(draw)).join('/')}`],
    [
      2,
      () =>
        `/${draw.pick(['static/coins', 'static/flags', 'static/networks', 'static/file-uploads', 'coins'])}/${draw.pick(traversalSegments)}`,
    ],
    [1, () => `/${draw.matching('^[a-z0-9/_.-]{0,40}$')}`],
    [1, () => (port === 'data' ? draw.pick(['/healthz', '/v1/graphql/', '/v1', '/graphql', '/metrics']) : '/healthz')],
  ])();
  const request: FuzzRequest = {
    target: 'unknown-route',
    port,
    method: draw.pick(methods),
    path,
    headers: [],
    framing: 'length',
    variant: [`port:${port}`],
  };
  addNoiseHeaders(draw, request);
  return request;
}
