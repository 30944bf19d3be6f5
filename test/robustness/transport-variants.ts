// What can go wrong around a body, the same for every route (docs/requests.md#request-bodies): the
// wrong content type, a Content-Encoding (compressed for real, or only claimed), chunked framing,
// a Content-Length over every limit with no body sent, duplicate and conflicting headers, and
// assorted odd headers.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Draw } from './draw.ts';
import type { FuzzRequest } from './fuzz-request.ts';

const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;charset=bogus',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/graphql',
  'application/graphql-response+json',
  ';',
  'application/',
  '*/*',
  '\u00ff/\u00ff',
];

/** Sets the body's content type, then maybe changes how the body travels. */
export function decorateBody(draw: Draw, request: FuzzRequest, contentType: string | null): void {
  if (draw.chance(0.12)) {
    const wrong = draw.chance(0.85) ? draw.pick(wrongContentTypes) : null;
    if (wrong) request.headers.push(['content-type', wrong]);
    request.variant.push(`content-type:${wrong ?? 'none'}`);
  } else if (contentType) request.headers.push(['content-type', contentType]);
  if (draw.chance(0.08)) encode(draw, request);
  const framing = draw.weighted([
    [93, 'length'],
    [5, 'chunked'],
    [2, 'declared-oversize'],
  ] as const);
  request.framing = framing;
  if (framing !== 'length') request.variant.push(`framing:${framing}`);
  if (draw.chance(0.04)) duplicateHeaders(draw, request);
}

/** Compressing megabytes for every request would slow the fuzzer more than the service. */
const largestCompressedBody = 256 * 1024;

function encode(draw: Draw, request: FuzzRequest): void {
  const body = Buffer.from(request.body ?? '');
  if (body.length > largestCompressedBody) {
    request.headers.push(['content-encoding', 'gzip']);
    request.variant.push('content-encoding:gzip-claimed');
    return;
  }
  const [label, bytes] = draw.pick([
    () => ['gzip', gzipSync(body)],
    () => ['br', brotliCompressSync(body)],
    () => ['deflate', deflateSync(body)],
    () => ['gzip', body],
    () => [
      draw.pick(['x-garbage', 'identity', 'IDENTITY', 'gzip, identity', 'identity, gzip', '', 'compress', ',']),
      body,
    ],
  ] as const)() as [string, Buffer];
  request.body = bytes;
  request.headers.push(['content-encoding', label]);
  request.variant.push(`content-encoding:${label || 'empty'}`);
}

function duplicateHeaders(draw: Draw, request: FuzzRequest): void {
  const length = Buffer.byteLength(request.body ?? '');
  const kind = draw.pick(['content-type', 'content-length', 'transfer-encoding', 'content-encoding'] as const);
  request.variant.push(`duplicate:${kind}`);
  if (kind === 'content-type') request.headers.push(['content-type', draw.pick(wrongContentTypes)]);
  if (kind === 'content-encoding') request.headers.push(['content-encoding', draw.pick(['gzip', 'identity'])]);
  if (kind === 'content-length') {
    request.headers.push(['content-length', String(length + draw.pick([0, 1, -1]))]);
    request.malformedHttp = true;
  }
  if (kind === 'transfer-encoding') {
    request.headers.push([
      'transfer-encoding',
      draw.pick(['chunked', 'gzip, chunked', 'identity', 'chunked, chunked']),
    ]);
    request.malformedHttp = true;
  }
}

/** Headers that no route asks for but every route receives now and then. */
export function addNoiseHeaders(draw: Draw, request: FuzzRequest): void {
  if (!draw.chance(0.15)) return;
  const [name, value] = draw.pick([
    () => ['accept', draw.pick(['application/pdf', 'text/html', '*/*', 'image/*;q=0', '', 'x/y, */*;q=0.0001', ';;;'])],
    () => ['accept-encoding', draw.pick(['gzip', 'br', 'identity;q=0', '*;q=0'])],
    () => ['range', draw.pick(['bytes=0-10', 'bytes=-1', 'bytes=99999999999-', 'bytes=5-1', 'lines=1-2'])],
    () => ['if-none-match', draw.pick(['*', '"x"', 'W/"x"', '"'.repeat(2_000), 'x'.repeat(1_100)])],
    () => ['if-modified-since', draw.pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', ''])],
    () => [
      'x-request-id',
      draw.pick(['', 'short', 'x'.repeat(5_000), 'a b c d e f g', '\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff']),
    ],
    () => ['x-forwarded-for', draw.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', 'x'.repeat(3_000)])],
    () => ['origin', draw.pick(['https://evil.example', 'null', ''])],
    () => ['expect', draw.pick(['100-continue', 'nonsense'])],
    () => ['x-client-type', draw.pick(['api', 'API', 'browser', '', '\u00ff'])],
    () => ['x-padding', 'p'.repeat(draw.pick([1_000, 20_000]))],
  ] as const)() as [string, string];
  request.headers.push([name, value]);
  request.variant.push(`header:${name}`);
  // Node answers an expectation it cannot meet itself (417, no body); a head over 16 KiB (431) is
  // marked for every request at once (fuzz-plan.ts, markOversizedHead).
  if (name === 'expect' && value !== '100-continue') request.malformedHttp = true;
}
