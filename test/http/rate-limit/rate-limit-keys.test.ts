// A request counted under several keys (its address and its credential) is counted in one step
// (docs/identity.md#rate-limits): admitted only if every key has room, then each spends; refused,
// no key spends anything; Retry-After is the wait for the last refusing window. In memory and in
// Redis (src/request-envelope/memory-rate-windows.ts, redis-rate-windows.ts).
import type { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../../src/cache/redis-connection.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createMemoryRateWindows } from '../../../src/request-envelope/memory-rate-windows.ts';
import {
  type RateLimitRule,
  type RateLimiter,
  type RateLimitStore,
  createRateLimiter,
} from '../../../src/request-envelope/rate-limiter.ts';
import { redisTest, testRedisUrl } from '../../support/test-redis.ts';

const withRedis = await redisTest('a request’s keys counted in one step in Redis');
const run = `test-rate-limit-keys-${process.pid}-${Date.now()}`;
const silent = createLogger('silent');
const connections: Redis[] = [];

async function connect(): Promise<Redis> {
  const redis = createRedisConnection({ url: testRedisUrl, logger: silent, use: 'rate limits' });
  connections.push(redis);
  assert.ok(await waitForRedis(redis, 5_000), `Redis is not reachable at ${testRedisUrl}`);
  return redis;
}

test.after(async () => {
  if (withRedis === test) {
    const cleaner = await connect();
    const keys = await cleaner.keys(`${run}*`);
    if (keys.length > 0) await cleaner.del(...keys);
  }
  await Promise.all(connections.map(closeRedisConnection));
});

/** Where one test counts: in memory, or in Redis under a prefix of its own, each node its connection. */
interface Store {
  readonly name: string;
  readonly run: typeof test.skip;
  /** Whether nodes share the counts. */
  readonly shared: boolean;
  /** A node's store under `prefix`; the nth node has a connection of its own. */
  at(prefix: string, node?: number): Promise<RateLimitStore>;
}

const nodesConnections = new Map<number, Promise<Redis>>();
const stores: Store[] = [
  {
    name: 'memory',
    run: test,
    shared: false,
    at: async (prefix) => ({ keyPrefix: `${run}:${prefix}`, logger: silent }),
  },
  {
    name: 'redis',
    run: withRedis,
    shared: true,
    at: async (prefix, node = 0) => {
      if (!nodesConnections.has(node)) nodesConnections.set(node, connect());
      return { redis: await nodesConnections.get(node)!, keyPrefix: `${run}:${prefix}`, logger: silent };
    },
  },
];

const rule = (points: number): RateLimitRule => ({ name: 'api', points, durationSeconds: 60 });

/** The points `key` has left: counted by spending them one by one (so only at a test's end). */
async function pointsLeft(limiter: RateLimiter, key: string): Promise<number> {
  let left = 0;
  while ((await limiter.consume(key)).allowed) left += 1;
  return left;
}

for (const store of stores) {
  store.run(`${store.name}: a request refused by its credential's count leaves its address's unchanged`, async () => {
    const limiter = createRateLimiter(rule(2), await store.at('credential-spent'));
    assert.equal(await limiter.consume(['ip:b', 'credential:x']), { allowed: true });
    assert.equal(await limiter.consume(['ip:c', 'credential:x']), { allowed: true });
    const refused = await limiter.consume(['ip:a', 'credential:x']);
    assert.is(refused.allowed, false);
    assert.is(await pointsLeft(limiter, 'ip:a'), 2, 'the refused request spent nothing of its address');
    assert.is(await pointsLeft(limiter, 'ip:b'), 1);
  });

  store.run(`${store.name}: a request refused by its address's count leaves its credential's unchanged`, async () => {
    const limiter = createRateLimiter(rule(2), await store.at('address-spent'));
    assert.equal(await limiter.consume(['ip:a', 'credential:p']), { allowed: true });
    assert.equal(await limiter.consume(['ip:a', 'credential:q']), { allowed: true });
    assert.is((await limiter.consume(['ip:a', 'credential:x'])).allowed, false);
    assert.is(await pointsLeft(limiter, 'credential:x'), 2, 'the refused request spent nothing of its credential');
    assert.is(await pointsLeft(limiter, 'credential:p'), 1);
  });

  store.run(`${store.name}: several points (an operation's cost) are spent on every key or on none`, async () => {
    const limiter = createRateLimiter({ name: 'cost', points: 30, durationSeconds: 60 }, await store.at('cost'));
    assert.equal(await limiter.consume(['ip:a', 'credential:x'], 25), { allowed: true });
    assert.is((await limiter.consume(['ip:b', 'credential:x'], 10)).allowed, false);
    assert.equal(await limiter.consume(['ip:b', 'credential:y'], 30), { allowed: true }, 'ip:b spent nothing');
    assert.equal(await limiter.consume(['ip:a', 'credential:x'], 5), { allowed: true }, 'credential:x had 5 left');
  });

  store.run(`${store.name}: concurrent requests admit exactly the limit (on two nodes with Redis)`, async () => {
    const limit = 10;
    const first = createRateLimiter(rule(limit), await store.at('concurrent', 0));
    // In memory every node counts apart: the requests all go to one.
    const second = store.shared ? createRateLimiter(rule(limit), await store.at('concurrent', 1)) : first;
    const nodes = [first, second];
    // One address with three credentials: the address's count is the one spent first.
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, index) => nodes[index % 2]!.consume(['ip:a', `credential:${index % 3}`])),
    );
    assert.is(decisions.filter((decision) => decision.allowed).length, limit);
    const node = nodes[0]!;
    const credentialsLeft = [0, 1, 2].map((index) => pointsLeft(node, `credential:${index}`));
    assert.is(
      (await Promise.all(credentialsLeft)).reduce((sum, left) => sum + left, 0),
      3 * limit - limit,
      'the credentials spent one point per admitted request, none for the refused ones',
    );
  });
}

test('memory: Retry-After is the wait for the last window that refused, not for one that had room', () => {
  let now = 1_000;
  const windows = createMemoryRateWindows(rule(2), () => now);
  windows.spend(['ip:a', 'credential:x'], 1);
  windows.spend(['ip:a', 'credential:x'], 1);
  now += 25_000;
  windows.spend(['credential:y'], 2);
  windows.spend(['ip:b'], 1);
  assert.equal(windows.spend(['ip:a', 'credential:y'], 1), { allowed: false, msBeforeNext: 60_000 });
  assert.equal(windows.spend(['ip:a', 'ip:b'], 1), { allowed: false, msBeforeNext: 35_000 }, 'ip:b had room');
  now += 35_000;
  assert.equal(windows.spend(['ip:a', 'credential:x'], 1), { allowed: true }, 'a new window');
});

withRedis('redis: Retry-After is the wait for the last window that refused, not for one that had room', async () => {
  const store = await stores[1]!.at('retry-after');
  const redis = store.redis!;
  const key = (name: string) => `${store.keyPrefix}:api:${name}`;
  await redis.set(key('ip:a'), 2, 'PX', 5_000);
  await redis.set(key('credential:spent'), 2, 'PX', 30_000);
  await redis.set(key('credential:room'), 1, 'PX', 50_000);
  const limiter = createRateLimiter(rule(2), store);
  assert.equal(await limiter.consume(['ip:a', 'credential:spent']), { allowed: false, retryAfterSeconds: 30 });
  assert.equal(await limiter.consume(['ip:a', 'credential:room']), { allowed: false, retryAfterSeconds: 5 });
  assert.is(await redis.get(key('credential:room')), '1', 'the refused request spent nothing');
});

withRedis('redis: the counts are `<prefix>:<rule>:<key>` integers expiring with their window', async () => {
  const store = await stores[1]!.at('keys');
  const redis = store.redis!;
  const limiter = createRateLimiter(rule(5), store);
  assert.equal(await limiter.consume(['ip:a', 'credential:x']), { allowed: true });
  assert.equal(await limiter.consume(['ip:a']), { allowed: true });
  assert.is(await redis.get(`${store.keyPrefix}:api:ip:a`), '2');
  assert.is(await redis.get(`${store.keyPrefix}:api:credential:x`), '1');
  const ttl = await redis.pttl(`${store.keyPrefix}:api:credential:x`);
  assert.ok(ttl > 0 && ttl <= 60_000, `a one-minute window, ${ttl} ms left`);
});

withRedis('redis: a key spent to the limit is refused from the node’s memory, without asking Redis', async () => {
  const [storeA, storeB] = [await stores[1]!.at('held', 0), await stores[1]!.at('held', 1)];
  const nodeA = createRateLimiter(rule(1), storeA);
  const nodeB = createRateLimiter(rule(1), storeB);
  assert.equal(await nodeA.consume(['ip:a', 'credential:x']), { allowed: true });
  // Removed from Redis behind the nodes' backs: node A, which saw it spent, still refuses it.
  await storeA.redis!.del(`${storeA.keyPrefix}:api:ip:a`, `${storeA.keyPrefix}:api:credential:x`);
  assert.is((await nodeA.consume(['ip:a', 'credential:y'])).allowed, false);
  assert.equal(await nodeB.consume(['ip:a', 'credential:y']), { allowed: true });
  assert.is(await storeA.redis!.get(`${storeA.keyPrefix}:api:credential:y`), '1', 'node A spent nothing');
});

test.run();
