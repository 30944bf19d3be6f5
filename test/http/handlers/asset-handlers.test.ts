// The public asset routes' handlers (docs/assets.md#caching, docs/assets.md#unknown-symbols):
// SVG with ETag and 304, caching and protective headers, placeholders, 404 and 400.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymous } from '../../../src/access/principal.ts';
import { createAssetService } from '../../../src/domain/assets/asset-service.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import {
  assetHandlers,
  ifNoneMatchHits,
  placeholderCacheControl,
  storedAssetCacheControl,
  svgContentSecurityPolicy,
} from '../../../src/http/handlers/asset-handlers.ts';
import type { RequestContext } from '../../../src/http/request-context.ts';
import { sendResult } from '../../../src/http/send-result.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';

const handlers = assetHandlers(createAssetService());

const context: RequestContext = {
  requestId: 'test-request',
  logger: pino({ level: 'silent' }),
  principal: anonymous,
  raw: { headers: {}, ip: '127.0.0.1', querystring: '', cookie: () => undefined },
};

type Operation = keyof typeof handlers;
const routes: Record<Operation, (symbol: string) => string> = {
  getCoinIcon: (symbol) => `/coins/${symbol}/icon`,
  getStaticCoinImage: (symbol) => `/static/coins/${symbol}`,
  getStaticFlagImage: (symbol) => `/static/flags/${symbol}`,
  getStaticNetworkImage: (symbol) => `/static/networks/${symbol}`,
};

interface Answer {
  status: number;
  contentType?: string;
  body?: string;
  headers: Record<string, string>;
}

/**
 * Calls the handler as the router does: path parameters and Node's lowercased request
 * headers; every answer is checked against openapi.yaml.
 */
async function call(operation: Operation, symbol: string, headers: Record<string, string> = {}): Promise<Answer> {
  const handler = handlers[operation] as (input: unknown, context: RequestContext) => Promise<Answer>;
  const answer = await handler({ path: { symbol }, query: {}, headers, body: undefined }, context);
  assertMatchesContract('GET', routes[operation](symbol), answer.status, answer.contentType ?? null, answer.body ?? '');
  return answer;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.instance(error, AppError, 'expected a rejection with an AppError');
  return error as AppError;
}

test('a stored coin image is an SVG with long-lived public caching, an ETag and protective headers', async () => {
  const answer = await call('getStaticCoinImage', 'btc');
  assert.is(answer.status, 200);
  assert.is(answer.contentType, 'image/svg+xml');
  assert.match(answer.body ?? '', /^<svg/);
  assert.match(answer.headers.ETag ?? '', /^"[0-9a-f]{32}"$/);
  assert.is(answer.headers['Cache-Control'], 'public, max-age=31536000, immutable');
  assert.is(answer.headers['Cache-Control'], storedAssetCacheControl);
  assert.is(answer.headers['X-Content-Type-Options'], 'nosniff');
  assert.is(answer.headers['Content-Security-Policy'], "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  assert.is(answer.headers['Content-Security-Policy'], svgContentSecurityPolicy);
  assert.is(answer.headers['Cross-Origin-Resource-Policy'], 'cross-origin');
});

test('the ETag is stable across requests and case, and differs between images', async () => {
  const first = await call('getStaticCoinImage', 'eth');
  const again = await call('getStaticCoinImage', 'ETH');
  assert.is(again.headers.ETag, first.headers.ETag);
  assert.is(again.body, first.body);
  assert.is.not((await call('getStaticCoinImage', 'sol')).headers.ETag, first.headers.ETag);
  assert.is((await call('getCoinIcon', 'Eth')).headers.ETag, first.headers.ETag);
});

test('a matching If-None-Match is answered 304 with the ETag and caching headers but no body', async () => {
  const { headers } = await call('getStaticCoinImage', 'usdc');
  const etag = headers.ETag ?? '';
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const answer = await call('getStaticCoinImage', 'USDC', { 'if-none-match': ifNoneMatch });
    assert.is(answer.status, 304, ifNoneMatch);
    assert.is(answer.body, undefined);
    assert.is(answer.contentType, undefined);
    assert.is(answer.headers.ETag, etag);
    assert.is(answer.headers['Cache-Control'], storedAssetCacheControl);
  }
});

test('If-None-Match is read whatever the case of the header name', async () => {
  const { headers } = await call('getStaticFlagImage', 'de');
  assert.is((await call('getStaticFlagImage', 'de', { 'If-None-Match': headers.ETag ?? '' })).status, 304);
});

test('a non-matching If-None-Match gets the full image', async () => {
  for (const ifNoneMatch of ['"0123456789abcdef0123456789abcdef"', '', 'garbage', 'W/"x"']) {
    const answer = await call('getStaticCoinImage', 'btc', { 'if-none-match': ifNoneMatch });
    assert.is(answer.status, 200, ifNoneMatch);
    assert.match(answer.body ?? '', /^<svg/);
  }
});

test('the coin icon of a known coin is the stored image', async () => {
  const answer = await call('getCoinIcon', 'usdt');
  assert.is(answer.status, 200);
  assert.is(answer.headers['Cache-Control'], storedAssetCacheControl);
  assert.is(answer.headers.ETag, (await call('getStaticCoinImage', 'usdt')).headers.ETag);
});

test('the coin icon of an unknown coin is a placeholder cached for an hour, with its own 304', async () => {
  const answer = await call('getCoinIcon', 'zzqx');
  assert.is(answer.status, 200);
  assert.is(answer.contentType, 'image/svg+xml');
  assert.match(answer.body ?? '', />ZZQ<\/text>/);
  assert.is(answer.headers['Cache-Control'], 'public, max-age=3600');
  assert.is(answer.headers['Cache-Control'], placeholderCacheControl);
  assert.is(answer.headers['Content-Security-Policy'], svgContentSecurityPolicy);
  const notModified = await call('getCoinIcon', 'ZZQX', { 'if-none-match': answer.headers.ETag ?? '' });
  assert.is(notModified.status, 304);
  assert.is(notModified.headers['Cache-Control'], placeholderCacheControl);
});

test('the static coin route answers 404 for an unknown coin', async () => {
  const error = await rejection(call('getStaticCoinImage', 'zzqx'));
  assert.is(error.code, 'NOT_FOUND');
  assert.is(error.httpStatus, 404);
  assert.is(error.message, 'no image for coin symbol zzqx');
});

test('flags are found by country code in any case; an unknown code is 404', async () => {
  const lower = await call('getStaticFlagImage', 'ch');
  const upper = await call('getStaticFlagImage', 'CH');
  assert.is(lower.status, 200);
  assert.is(upper.headers.ETag, lower.headers.ETag);
  assert.is((await rejection(call('getStaticFlagImage', 'qq'))).httpStatus, 404);
});

test('a network answers its native coin icon; an unmapped network is 404', async () => {
  const network = await call('getStaticNetworkImage', 'ethereum');
  assert.is(network.status, 200);
  assert.is(network.headers.ETag, (await call('getStaticCoinImage', 'eth')).headers.ETag);
  assert.is(
    (await call('getStaticNetworkImage', 'Polygon')).headers.ETag,
    (await call('getStaticCoinImage', 'matic')).headers.ETag,
  );
  const error = await rejection(call('getStaticNetworkImage', 'arbitrum'));
  assert.is(error.httpStatus, 404);
  assert.is(error.message, 'no logo for network arbitrum');
});

test('input the router would have refused is still a 400 here, not a file', async () => {
  for (const operation of Object.keys(routes) as Operation[]) {
    for (const symbol of ['../package', '%2e%2e', 'a'.repeat(64), 'ＢＴＣ']) {
      const handler = handlers[operation] as (input: unknown, context: RequestContext) => Promise<unknown>;
      const error = await rejection(handler({ path: { symbol }, query: {}, headers: {}, body: undefined }, context));
      assert.is(error.httpStatus, 400, `${operation} ${symbol.slice(0, 20)}`);
    }
  }
});

test('ifNoneMatchHits follows RFC 9110 weak comparison', () => {
  assert.ok(ifNoneMatchHits('"a"', '"a"'));
  assert.ok(ifNoneMatchHits('W/"a"', '"a"'));
  assert.ok(ifNoneMatchHits(' "b" ,  "a" ', '"a"'));
  assert.ok(ifNoneMatchHits('*', '"a"'));
  assert.not.ok(ifNoneMatchHits(undefined, '"a"'));
  assert.not.ok(ifNoneMatchHits('"b"', '"a"'));
  assert.not.ok(ifNoneMatchHits('a', '"a"'));
  assert.not.ok(ifNoneMatchHits('"a', '"a"'));
});

test('on the wire (Koa and sendResult) the image and the 304 keep their headers', async () => {
  const app = new Koa();
  app.use(async (ctx) => {
    const symbol = ctx.path.split('/').pop() ?? '';
    const handler = handlers.getStaticCoinImage as (input: unknown, context: RequestContext) => Promise<Answer>;
    sendResult(
      ctx,
      await handler({ path: { symbol }, query: {}, headers: { ...ctx.headers }, body: undefined }, context),
    );
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/static/coins/btc`;
    const first = await fetch(url);
    const body = await first.text();
    assert.is(first.status, 200);
    assert.is(first.headers.get('content-type'), 'image/svg+xml');
    assert.match(body, /^<svg/);
    assert.is(first.headers.get('content-length'), String(Buffer.byteLength(body)));
    assert.is(first.headers.get('x-content-type-options'), 'nosniff');
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(url, { headers: { 'If-None-Match': etag } });
    assert.is(second.status, 304);
    assert.is(await second.text(), '');
    assert.is(second.headers.get('etag'), etag);
    assert.is(second.headers.get('cache-control'), storedAssetCacheControl);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test.run();
