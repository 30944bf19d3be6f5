// Rate limits of the authentication routes (docs/identity.md#rate-limits): past AUTH_RATE_LIMIT
// requests a minute from one address a route answers 429 with Retry-After; other routes are
// unaffected; with REDIS_URL every node counts against the same limit.
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestResponse, type TestService, startTestService } from '../../support/test-service.ts';

const redisUrl = 'redis://127.0.0.1:6379';
// Fixed in src/composition/auth-rate-limits.ts; keys are `<prefix>:auth:<operationId>:<address>`.
const authKeyPattern = 'wealth-platform:rate-limit:auth:*';

function assertRateLimited(response: TestResponse): void {
  assert.is(response.status, 429, response.text);
  const retryAfter = response.headers.get('retry-after') ?? '';
  assert.match(retryAfter, /^\d+$/, `Retry-After is whole seconds: ${retryAfter}`);
  assert.ok(
    Number(retryAfter) >= 1 && Number(retryAfter) <= 60,
    `Retry-After ${retryAfter} within the one-minute window`,
  );
  const body = response.json();
  assert.is(body.success, false);
  assert.is(body.code, 'RATE_LIMITED');
  assert.type(body.message, 'string');
  assert.is(body.requestId, response.headers.get('x-request-id'));
}

test('the 4th GET /auth/login in a minute from one address → 429 RATE_LIMITED with Retry-After; other routes unaffected', async () => {
  const service = await startTestService({ AUTH_RATE_LIMIT: '3' });
  try {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await service.request('GET', '/auth/login');
      assert.is(response.status, 302, `request ${attempt}: ${response.text}`);
    }
    assertRateLimited(await service.request('GET', '/auth/login'));
    assertRateLimited(await service.request('GET', '/auth/login'));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      assert.is((await service.request('GET', '/healthz')).status, 200, 'health is not rate-limited');
    }
    // Each authentication route has a budget of its own.
    assert.is((await service.request('GET', '/auth/session')).status, 401);
    assert.is((await service.request('GET', '/.well-known/jwks.json')).status, 200);
  } finally {
    await service.stop();
  }
});

async function connectRedis(): Promise<Redis | null> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

async function deleteAuthKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', authKeyPattern, 'COUNT', 1000);
    if (found.length > 0) await redis.del(...found);
    cursor = next;
  } while (cursor !== '0');
}

test('with REDIS_URL two services share the limit: 2 requests to one and 2 to the other → the 4th is 429', async () => {
  const redis = await connectRedis();
  if (!redis) {
    console.log(`  skipped: Redis at ${redisUrl} is unreachable, so the shared limit is not tested`);
    return;
  }
  const services: TestService[] = [];
  try {
    await deleteAuthKeys(redis);
    services.push(await startTestService({ AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl }));
    services.push(await startTestService({ AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl }));
    const [first, second] = services as [TestService, TestService];
    assert.is((await first.request('GET', '/auth/login')).status, 302);
    assert.is((await first.request('GET', '/auth/login')).status, 302);
    assert.is((await second.request('GET', '/auth/login')).status, 302, 'the 3rd request overall, on the other node');
    assertRateLimited(await second.request('GET', '/auth/login'));
    assertRateLimited(await first.request('GET', '/auth/login'));
    const keys = await redis.keys(authKeyPattern);
    assert.ok(
      keys.some((key) => key.includes(':login:')),
      `the count lives in Redis: ${JSON.stringify(keys)}`,
    );
  } finally {
    for (const service of services) await service.stop();
    await deleteAuthKeys(redis);
    redis.disconnect();
  }
});

test.run();
