// The result cache in Redis (docs/caches.md#result-cache) against a real server: hit, miss,
// refresh, expiry, invalidation by tag, two service instances on separate connections sharing
// entries and invalidations, and Redis away or slow (loads go on uncached, without hanging).
// These tests need Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379): required, and failing
// without it, where TEST_REDIS_URL is set (CI); otherwise reported as not run when no Redis
// answers (test/support/test-redis.ts, docs/testing.md#tests-that-need-a-real-redis).
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createResultCache } from '../../src/cache/create-result-cache.ts';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../src/cache/redis-connection.ts';
import { type ResultCache, entryBytes, resultTtlMs } from '../../src/cache/result-cache.ts';
import { resultKey } from '../../src/cache/result-key.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { countingLoader, countingObserver, heldLoader, settle } from './support/result-cache-kit.ts';
import { startRedisProxy } from './support/redis-proxy.ts';
import { redisTest, testRedisUrl } from '../support/test-redis.ts';

const redisUrl = testRedisUrl;
const withRedis = await redisTest('the result cache across nodes through Redis');
const keyPrefix = `test-result-cache-${process.pid}-${Date.now()}:`;
const silent = createLogger('silent');
const query = { ttlMs: resultTtlMs.query, tags: ['organization:aurora'] };
const opened: ResultCache[] = [];

// One direct connection to look at what the caches wrote, connected by the first test that runs
// (uvu imports every file before running any, which can take longer than a connect timeout).
const inspector = createRedisConnection({ url: redisUrl, logger: silent, use: 'test inspection' });
let redisAnswers: Promise<boolean> | undefined;

async function requireRedis(): Promise<void> {
  redisAnswers ??= waitForRedis(inspector, 5_000);
  if (!(await redisAnswers))
    throw new Error(
      `Redis is not reachable at ${redisUrl}: the result cache's Redis tests need one ` +
        '(TEST_REDIS_URL names another; docs/testing.md#tests-that-need-a-real-redis)',
    );
}

/** One service instance's cache: its own connection, the run's key prefix. */
async function node(options: { url?: string; logger?: ReturnType<typeof createLogger>; timeoutMs?: number } = {}) {
  if (!options.url) await requireRedis();
  const observer = countingObserver();
  const cache = await createResultCache({
    redisUrl: options.url ?? redisUrl,
    logger: options.logger ?? silent,
    observer,
    maxBytes: 1024 * 1024,
    redisKeyPrefix: keyPrefix,
    ...(options.timeoutMs ? { redisCommandTimeoutMs: options.timeoutMs } : {}),
  });
  opened.push(cache);
  return { cache, observer };
}

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

/** Polls until `check` holds; fails (instead of hanging) if it never does. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A hang fails the test rather than stalling the suite; the bound is far above any real wait. */
function withinBound<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung: ${what}`)), 15_000);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

test.after(async () => {
  await Promise.all(opened.map((cache) => cache.close()));
  if (redisAnswers && (await redisAnswers)) {
    const keys = await inspector.keys(`${keyPrefix}*`);
    if (keys.length > 0) await inspector.del(...keys);
  }
  await closeRedisConnection(inspector);
});

withRedis('Redis answers at TEST_REDIS_URL (the tests below need it)', async () => {
  await requireRedis();
  assert.is(await inspector.ping(), 'PONG');
});

withRedis('a miss runs the loader and stores the JSON text under the prefix; the next load is a hit', async () => {
  const { cache, observer } = await node();
  assert.is(cache.backend, 'redis');
  const key = resultKey('wallets', { limit: 20 }, 'aurora-hit');
  const loader = countingLoader((call) => ({ call, balance: '1.50' }));
  assert.equal(await cache.load(key, loader.load, query), { call: 1, balance: '1.50' });
  assert.is(await inspector.get(`${keyPrefix}e:${key}`), '{"call":1,"balance":"1.50"}');
  assert.equal(await cache.load(key, loader.load, query), { call: 1, balance: '1.50' });
  assert.is(loader.calls, 1);
  assert.equal([observer.hits, observer.misses], [1, 1]);
  assert.is(observer.storedBytes, entryBytes(key, '{"call":1,"balance":"1.50"}', query.tags));
  assert.is(observer.read(), undefined, 'entries and bytes held live in Redis, not on this node');
  const [entryTtl, tagTtl] = ((await inspector
    .multi()
    .pttl(`${keyPrefix}e:${key}`)
    .pttl(`${keyPrefix}t:organization:aurora`)
    .exec()) ?? []) as [Error | null, number][];
  assert.ok(entryTtl![1] > 0 && entryTtl![1] <= resultTtlMs.query, `PX ttl, got ${entryTtl![1]}`);
  assert.ok(tagTtl![1] >= entryTtl![1], 'the tag set outlives the entry');
});

withRedis('two service instances on separate connections share entries, refreshes and invalidations', async () => {
  const a = await node();
  const b = await node();
  const key = resultKey('wallet', { id: 12 }, 'aurora-share');
  const tags = ['wallet:12', 'organization:aurora-share'];
  const loader = countingLoader((call) => ({ call }));
  const options = { ttlMs: 30_000, tags };
  assert.equal(await a.cache.load(key, loader.load, options), { call: 1 });
  assert.equal(await b.cache.load(key, loader.load, options), { call: 1 }, 'B is served what A stored');
  assert.equal([b.observer.hits, loader.calls], [1, 1]);
  assert.equal(await b.cache.load(key, loader.load, { ...options, refresh: true }), { call: 2 });
  assert.equal(await a.cache.load(key, loader.load, options), { call: 2 }, "A is served B's refreshed result");
  await b.cache.invalidate(['wallet:12']);
  assert.is(await inspector.exists(`${keyPrefix}e:${key}`, `${keyPrefix}t:wallet:12`), 0);
  assert.equal(await a.cache.load(key, loader.load, options), { call: 3 }, "B's invalidation reached A");
  assert.is(loader.calls, 3);
});

withRedis('invalidation drops every entry carrying a tag, and only those', async () => {
  const { cache } = await node();
  const loader = countingLoader((call) => call);
  const keys = [12, 13].map((id) => resultKey('wallet', { id }, 'aurora-tags'));
  await cache.load(keys[0]!, loader.load, { ttlMs: 30_000, tags: ['wallet:12', 'organization:aurora-tags'] });
  await cache.load(keys[1]!, loader.load, { ttlMs: 30_000, tags: ['wallet:13', 'organization:aurora-tags'] });
  await cache.invalidate(['wallet:13']);
  assert.is(await cache.load(keys[0]!, loader.load, { ttlMs: 30_000, tags: [] }), 1);
  assert.is(await cache.load(keys[1]!, loader.load, { ttlMs: 30_000, tags: [] }), 3);
  await cache.invalidate(['organization:aurora-tags']);
  assert.is(await cache.load(keys[0]!, loader.load, { ttlMs: 30_000, tags: [] }), 4);
});

withRedis('an invalidation on another node while a loader runs: that result is answered, never stored', async () => {
  const a = await node();
  const b = await node();
  const key = resultKey('wallet', { id: 7 }, 'aurora-race');
  const options = { ttlMs: 30_000, tags: ['wallet:7'] };
  const loader = heldLoader((call) => ({ call }));
  const computing = a.cache.load(key, loader.load, options);
  await until('the loader started', async () => loader.calls === 1);
  await b.cache.invalidate(['wallet:7']);
  loader.release();
  assert.equal(await computing, { call: 1 });
  assert.is(await inspector.exists(`${keyPrefix}e:${key}`), 0, 'the result computed across the invalidation');
  const later = countingLoader((call) => ({ later: call }));
  assert.equal(await b.cache.load(key, later.load, options), { later: 1 });
  assert.equal(await a.cache.load(key, later.load, options), { later: 1 });
});

withRedis(
  'invalidateAll on one node drops every entry and tag set of the prefix, for every node; a load across it stores nothing',
  async () => {
    const a = await node();
    const b = await node();
    const otherPrefix = `${keyPrefix}other-deployment`;
    await inspector.set(`${otherPrefix}:e:kept`, '1', 'PX', 60_000);
    const keys = [21, 22].map((id) => resultKey('wallet', { id }, 'aurora-all'));
    const loader = countingLoader((call) => ({ call }));
    await a.cache.load(keys[0]!, loader.load, { ttlMs: 30_000, tags: ['wallet:21'] });
    await b.cache.load(keys[1]!, loader.load, { ttlMs: 30_000, tags: ['wallet:22', 'organization:aurora-all'] });
    const running = resultKey('wallet', { id: 23 }, 'aurora-all');
    const held = heldLoader((call) => ({ held: call }));
    const computing = a.cache.load(running, held.load, { ttlMs: 30_000, tags: ['wallet:23'] });
    await until('the loader started', async () => held.calls === 1);
    await b.cache.invalidateAll();
    held.release();
    assert.equal(await computing, { held: 1 });
    const entriesAndTags = [...(await inspector.keys(`${keyPrefix}e:*`)), ...(await inspector.keys(`${keyPrefix}t:*`))];
    assert.equal(entriesAndTags, [], 'no entry or tag set is left');
    assert.is(await inspector.exists(`${otherPrefix}:e:kept`), 1, 'a key outside the keyspace is left alone');
    assert.equal(await a.cache.load(keys[1]!, loader.load, { ttlMs: 30_000, tags: [] }), { call: 3 });
    await inspector.del(`${otherPrefix}:e:kept`);
  },
);

withRedis('concurrent loads of one key on one node share one loader call', async () => {
  const { cache } = await node();
  const key = resultKey('wallets', {}, 'aurora-concurrent');
  const loader = heldLoader((call) => ({ call }));
  const loads = [1, 2, 3].map(() => cache.load(key, loader.load, query));
  await until('the loader started', async () => loader.calls === 1);
  await settle();
  loader.release();
  assert.equal(await Promise.all(loads), [{ call: 1 }, { call: 1 }, { call: 1 }]);
  assert.is(loader.calls, 1);
});

withRedis('an entry expires with its PX lifetime', async () => {
  const { cache } = await node();
  const key = resultKey('wallets', {}, 'aurora-expiry');
  const loader = countingLoader((call) => call);
  const brief = { ttlMs: 200, tags: ['organization:aurora-expiry'] };
  assert.is(await cache.load(key, loader.load, brief), 1);
  await until('the entry expired', async () => (await inspector.exists(`${keyPrefix}e:${key}`)) === 0);
  assert.is(await cache.load(key, loader.load, brief), 2);
  await until('the tag set expired', async () => (await inspector.exists(`${keyPrefix}t:${brief.tags[0]}`)) === 0);
});

test('Redis away (nothing listening): loads run their loaders uncached, invalidations resolve, the outage is logged once', async () => {
  const { logger, lines } = capturingLogger();
  const { cache, observer } = await node({ url: 'redis://:secret-pass@127.0.0.1:1', logger });
  const key = resultKey('wallets', {}, 'aurora-away');
  const loader = countingLoader((call) => call);
  for (const expected of [1, 2, 3])
    assert.is(await withinBound(cache.load(key, loader.load, query), 'a load with Redis away'), expected);
  await withinBound(cache.invalidate(['organization:aurora']), 'an invalidation with Redis away');
  assert.equal([observer.hits, observer.misses, observer.storedBytes], [0, 3, 0]);
  const outage = lines.filter((line) => /^Redis unreachable \(result cache\)/.test(line.msg));
  assert.is(outage.length, 1);
  assert.is(outage[0]?.redis, 'redis://127.0.0.1:1');
  assert.is(outage[0]?.use, 'result cache');
  assert.not.match(JSON.stringify(lines), /secret-pass/);
});

withRedis('Redis slow: a load waits at most the command timeout, then runs its loader; warned once', async () => {
  await requireRedis();
  const proxy = await startRedisProxy(redisUrl);
  try {
    const { logger, lines } = capturingLogger();
    const { cache } = await node({ url: proxy.url, logger, timeoutMs: 200 });
    proxy.stall();
    const key = resultKey('wallets', {}, 'aurora-slow');
    const loader = countingLoader((call) => call);
    assert.is(await withinBound(cache.load(key, loader.load, query), 'a load with Redis stalled'), 1);
    assert.is(await withinBound(cache.load(key, loader.load, query), 'a second load with Redis stalled'), 2);
    const warnings = lines.filter(
      (line) => line.msg === 'result cache: a Redis command failed; the request went on without the cache',
    );
    assert.is(warnings.length, 1);
    assert.match(warnings[0]?.err?.message, /Command timed out/);
    proxy.resume();
  } finally {
    await proxy.close();
  }
});

withRedis('an invalidation that could not reach Redis is sent when the connection is back', async () => {
  await requireRedis();
  const proxy = await startRedisProxy(redisUrl);
  try {
    const { logger, lines } = capturingLogger();
    const a = await node({ url: proxy.url, logger });
    const b = await node();
    const key = resultKey('wallet', { id: 99 }, 'aurora-replay');
    const options = { ttlMs: 60_000, tags: ['wallet:99'] };
    await b.cache.load(key, async () => ({ stale: true }), options);
    await proxy.cut();
    await withinBound(a.cache.invalidate(['wallet:99']), 'an invalidation with Redis cut off');
    assert.is(await inspector.exists(`${keyPrefix}e:${key}`), 1, 'other nodes still see the entry meanwhile');
    await proxy.restore();
    await until('the invalidation was sent', async () => (await inspector.exists(`${keyPrefix}e:${key}`)) === 0);
    // The node logs once Redis has answered the replay, which can be just after the entry is gone.
    const sent = 'result cache: invalidations made while Redis was unreachable sent';
    await until('the replay was logged', async () => lines.some((line) => line.msg === sent));
    assert.is(lines.filter((line) => line.msg === sent).length, 1);
    assert.equal(await b.cache.load(key, async () => ({ stale: false }), options), { stale: false });
  } finally {
    await proxy.close();
  }
});

test.run();
