// Rate limits of the authentication routes (docs/identity.md#rate-limits,
// docs/service.md#scale-out): in memory, shared through Redis across nodes, and degraded
// to memory (never failing) when Redis is away or refuses the count.
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type RateLimiter,
  createRateLimiter,
  credentialFingerprint,
} from '../../../src/request-envelope/rate-limiter.ts';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../../src/cache/redis-connection.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { redisTest, testRedisUrl } from '../../support/test-redis.ts';

// The machine's Redis; TEST_REDIS_URL points elsewhere (as TEST_DATABASE_URL does for PostgreSQL).
const redisUrl = testRedisUrl;
const withRedis = await redisTest('one rate-limit count shared across nodes through Redis');
const keyPrefix = `test-rate-limit-${process.pid}-${Date.now()}`;
const connections: Redis[] = [];

function capturingLogger() {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

const silent = createLogger('silent');

function connect(url: string, logger = silent): Redis {
  const redis = createRedisConnection({ url, logger, use: 'rate limits' });
  connections.push(redis);
  return redis;
}

async function consumeTimes(limiter: RateLimiter, key: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i += 1) decisions.push(await limiter.consume(key));
  return decisions;
}

test.after(async () => {
  const cleaner = createRedisConnection({ url: redisUrl, logger: silent, use: 'rate limits' });
  if (await waitForRedis(cleaner, 1_000)) {
    const keys = await cleaner.keys(`${keyPrefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
  }
  await closeRedisConnection(cleaner);
  await Promise.all(connections.map(closeRedisConnection));
});

test('memory: N requests are allowed, the next is refused with a Retry-After within the window', async () => {
  const limiter = createRateLimiter({ name: 'auth', points: 3, durationSeconds: 60 }, { keyPrefix, logger: silent });
  const decisions = await consumeTimes(limiter, '203.0.113.7', 4);
  assert.equal(decisions.slice(0, 3), [{ allowed: true }, { allowed: true }, { allowed: true }]);
  const refused = decisions[3];
  assert.is(refused?.allowed, false);
  if (refused?.allowed !== false) return;
  assert.ok(Number.isInteger(refused.retryAfterSeconds), `whole seconds, got ${refused.retryAfterSeconds}`);
  assert.ok(
    refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= 60,
    `1..60, got ${refused.retryAfterSeconds}`,
  );
});

test('memory: another key keeps its own count', async () => {
  const limiter = createRateLimiter({ name: 'auth', points: 1, durationSeconds: 60 }, { keyPrefix, logger: silent });
  assert.equal(await limiter.consume('a'), { allowed: true });
  assert.is((await limiter.consume('a')).allowed, false);
  assert.equal(await limiter.consume('b'), { allowed: true });
});

test('memory: rules of different names do not share counts', async () => {
  const login = createRateLimiter({ name: 'login', points: 1, durationSeconds: 60 }, { keyPrefix, logger: silent });
  const token = createRateLimiter({ name: 'token', points: 1, durationSeconds: 60 }, { keyPrefix, logger: silent });
  assert.equal(await login.consume('same'), { allowed: true });
  assert.equal(await token.consume('same'), { allowed: true });
});

test('points 0 disables the limit', async () => {
  const limiter = createRateLimiter({ name: 'auth', points: 0, durationSeconds: 60 }, { keyPrefix, logger: silent });
  const decisions = await consumeTimes(limiter, 'k', 500);
  assert.ok(decisions.every((decision) => decision.allowed));
});

test('an invalid rule is refused with a message naming it', () => {
  const store = { keyPrefix, logger: silent };
  assert.throws(
    () => createRateLimiter({ name: 'auth', points: -1, durationSeconds: 60 }, store),
    /rate limit auth: points must be a whole number ≥ 0.*got -1/,
  );
  assert.throws(
    () => createRateLimiter({ name: 'auth', points: 1.5, durationSeconds: 60 }, store),
    /points must be a whole number/,
  );
  assert.throws(
    () => createRateLimiter({ name: 'auth', points: 5, durationSeconds: 0 }, store),
    /durationSeconds must be a whole number from 1 to 86400, got 0/,
  );
  assert.throws(
    () => createRateLimiter({ name: 'auth', points: 5, durationSeconds: 86_401 }, store),
    /durationSeconds/,
  );
});

test('credentialFingerprint is a short stable SHA-256 prefix that does not contain the secret', () => {
  const fingerprint = credentialFingerprint('adm_0123456789abcdef');
  assert.match(fingerprint, /^[0-9a-f]{16}$/);
  assert.is(credentialFingerprint('adm_0123456789abcdef'), fingerprint);
  assert.is.not(credentialFingerprint('adm_0123456789abcdeg'), fingerprint);
  assert.not.match(fingerprint, /adm_|0123456789abcdef/);
});

withRedis('redis: two nodes on separate connections share one count', async () => {
  const nodeA = connect(redisUrl);
  const nodeB = connect(redisUrl);
  const [readyA, readyB] = await Promise.all([waitForRedis(nodeA, 5_000), waitForRedis(nodeB, 5_000)]);
  assert.ok(readyA && readyB, `Redis is not reachable at ${redisUrl}`);
  const rule = { name: 'auth', points: 3, durationSeconds: 60 };
  const limiterA = createRateLimiter(rule, { redis: nodeA, keyPrefix, logger: silent });
  const limiterB = createRateLimiter(rule, { redis: nodeB, keyPrefix, logger: silent });
  assert.equal(await limiterA.consume('198.51.100.1'), { allowed: true });
  assert.equal(await limiterB.consume('198.51.100.1'), { allowed: true });
  assert.equal(await limiterA.consume('198.51.100.1'), { allowed: true });
  // The count really lives in Redis, under the prefix and rule name.
  assert.is(await nodeA.get(`${keyPrefix}:auth:198.51.100.1`), '3');
  const refusedOnB = await limiterB.consume('198.51.100.1');
  const refusedOnA = await limiterA.consume('198.51.100.1');
  assert.is(refusedOnB.allowed, false, 'the fourth request overall is refused on the node that saw only one before');
  assert.is(refusedOnA.allowed, false);
  if (refusedOnB.allowed) return;
  assert.ok(
    refusedOnB.retryAfterSeconds >= 1 && refusedOnB.retryAfterSeconds <= 60,
    `1..60, got ${refusedOnB.retryAfterSeconds}`,
  );
  assert.equal(await limiterB.consume('198.51.100.2'), { allowed: true }, 'another key is unaffected');
});

test('insurance: with nothing listening at the Redis URL, limits hold in memory and nothing throws', async () => {
  const { logger, lines } = capturingLogger();
  const url = 'redis://platform:hunter2@127.0.0.1:1';
  const redis = connect(url, logger);
  const limiter = createRateLimiter({ name: 'auth', points: 2, durationSeconds: 60 }, { redis, keyPrefix, logger });
  const decisions = await consumeTimes(limiter, '192.0.2.9', 3);
  assert.equal(decisions.slice(0, 2), [{ allowed: true }, { allowed: true }]);
  assert.is(decisions[2]?.allowed, false);
  assert.equal(await limiter.consume('192.0.2.10'), { allowed: true });
  await waitForRedis(redis, 1_000);
  const outage = lines.filter((line) => /Redis unreachable/.test(line.msg));
  assert.is(outage.length, 1, 'the outage is logged once, not per retry');
  assert.is(outage[0]?.redis, 'redis://127.0.0.1:1');
  assert.not.match(JSON.stringify(lines), /hunter2/);
});

withRedis(
  'a script Redis refuses while connected: counted in the node’s memory, warned about once a minute',
  async () => {
    const redis = connect(redisUrl);
    assert.ok(await waitForRedis(redis, 5_000), `Redis is not reachable at ${redisUrl}`);
    // A list where a count belongs: the script fails with WRONGTYPE, as it would under Redis Cluster with CROSSSLOT.
    await redis.lpush(`${keyPrefix}:auth:listed`, 'not a count');
    const { logger, lines } = capturingLogger();
    const limiter = createRateLimiter({ name: 'auth', points: 2, durationSeconds: 60 }, { redis, keyPrefix, logger });
    const decisions = await consumeTimes(limiter, 'listed', 3);
    assert.equal(decisions.slice(0, 2), [{ allowed: true }, { allowed: true }]);
    assert.is(decisions[2]?.allowed, false, 'the limit holds in memory');
    const warnings = lines.filter((line) => line.msg === 'rate limit counted in this node’s memory: Redis failed');
    assert.is(warnings.length, 1);
    assert.is(warnings[0]?.level, 40);
    assert.is(warnings[0]?.rateLimit, 'auth');
    assert.match(warnings[0]?.err?.message ?? '', /WRONGTYPE/);
  },
);

test.run();
