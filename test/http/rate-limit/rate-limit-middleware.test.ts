// A limited request is answered 429 RATE_LIMITED with Retry-After and the project's error body
// (openapi.yaml#/components/responses/TooManyRequests, docs/error-codes.md), before the route's
// handler runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { HttpState } from '../../../src/http/koa-state.ts';
import { handleErrors } from '../../../src/http/middleware/handle-errors.ts';
import { requestId } from '../../../src/http/middleware/request-id.ts';
import { rateLimit } from '../../../src/http/rate-limit/rate-limit-middleware.ts';
import {
  type RateLimiter,
  createRateLimiter,
  credentialFingerprint,
} from '../../../src/request-envelope/rate-limiter.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';

const logger = createLogger('silent');
const path = '/auth/token-exchange';

async function startApp(limiter: RateLimiter, keyOf: (ctx: Koa.ParameterizedContext<HttpState>) => string) {
  const app = new Koa<HttpState>();
  let handled = 0;
  app.use(requestId());
  app.use(handleErrors(logger));
  app.use(rateLimit(limiter, keyOf));
  app.use((ctx) => {
    handled += 1;
    ctx.body = { success: true, token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln' };
  });
  app.silent = true;
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    handled: () => handled,
    async post(headers: Record<string, string> = {}) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers });
      const text = await response.text();
      assertMatchesContract('POST', path, response.status, response.headers.get('content-type'), text);
      return { status: response.status, headers: response.headers, text };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('over the limit: 429 RATE_LIMITED with Retry-After and the error body, handler not run', async () => {
  const limiter = createRateLimiter(
    { name: 'auth', points: 2, durationSeconds: 60 },
    { keyPrefix: 'middleware-test', logger },
  );
  const app = await startApp(limiter, (ctx) => `${ctx.ip}:auth`);
  try {
    assert.is((await app.post()).status, 200);
    assert.is((await app.post()).status, 200);
    const limited = await app.post();
    assert.is(limited.status, 429);
    assert.is(app.handled(), 2, 'the limited request never reaches the handler');
    const retryAfter = limited.headers.get('retry-after');
    assert.match(retryAfter ?? '', /^\d+$/);
    assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After 1..60, got ${retryAfter}`);
    const body = JSON.parse(limited.text);
    assert.equal(
      { success: body.success, code: body.code, requestId: body.requestId },
      { success: false, code: 'RATE_LIMITED', requestId: limited.headers.get('x-request-id') },
    );
    assert.is(body.message, `Too many requests: the auth limit is 2 per 60 seconds; retry after ${retryAfter} seconds`);
  } finally {
    await app.close();
  }
});

test('keyed by credential fingerprint: another credential keeps its own count', async () => {
  const limiter = createRateLimiter(
    { name: 'sdk', points: 1, durationSeconds: 30 },
    { keyPrefix: 'middleware-test', logger },
  );
  const keys: string[] = [];
  const app = await startApp(limiter, (ctx) => {
    const key = `sdk:${credentialFingerprint(ctx.get('x-api-key'))}`;
    keys.push(key);
    return key;
  });
  try {
    assert.is((await app.post({ 'x-api-key': 'first-secret-key' })).status, 200);
    assert.is((await app.post({ 'x-api-key': 'first-secret-key' })).status, 429);
    assert.is((await app.post({ 'x-api-key': 'second-secret-key' })).status, 200);
    assert.not.match(keys.join(' '), /secret/, 'no raw credential in a key');
  } finally {
    await app.close();
  }
});

test('a disabled limit (points 0) lets every request through', async () => {
  const limiter = createRateLimiter(
    { name: 'auth', points: 0, durationSeconds: 60 },
    { keyPrefix: 'middleware-test', logger },
  );
  const app = await startApp(limiter, (ctx) => ctx.ip);
  try {
    for (let i = 0; i < 20; i += 1) assert.is((await app.post()).status, 200);
    assert.is(app.handled(), 20);
  } finally {
    await app.close();
  }
});

test.run();
