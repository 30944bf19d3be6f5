// The result cache in process memory (docs/caches.md#result-cache): hit, miss, refresh,
// expiry on an injected clock, invalidation by tag (also of a load in flight), shared loader
// calls, JSON-plain values only, the byte bound, the tag index bounded with the cache, metrics.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createResultCache } from '../../src/cache/create-result-cache.ts';
import { createMemoryResultStore } from '../../src/cache/memory-result-store.ts';
import { entryBytes, resultCacheOver, resultTtlMs } from '../../src/cache/result-cache.ts';
import { resultKey } from '../../src/cache/result-key.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { countingLoader, countingObserver, heldLoader, settle } from './support/result-cache-kit.ts';

const logger = createLogger('silent');
const query = { ttlMs: resultTtlMs.query, tags: ['organization:aurora'] };

function memoryCache(options: { now?: () => number; maxBytes?: number } = {}) {
  const observer = countingObserver();
  const cache = createResultCache({ logger, observer, maxBytes: options.maxBytes ?? 1024 * 1024, ...options });
  return { observer, cache };
}

const walletsKey = resultKey('wallets', { limit: 20 }, 'aurora');

test('a miss runs the loader and stores; the next load is a hit with an equal copy', async () => {
  const { cache, observer } = memoryCache();
  const cached = await cache;
  assert.is(cached.backend, 'memory');
  const loader = countingLoader((call) => ({ call, wallets: [{ id: 1, balance: '1.50' }] }));
  const first = await cached.load(walletsKey, loader.load, query);
  const second = await cached.load(walletsKey, loader.load, query);
  assert.equal(first, { call: 1, wallets: [{ id: 1, balance: '1.50' }] });
  assert.equal(second, first);
  assert.ok(second !== first, 'every caller gets its own copy');
  assert.is(loader.calls, 1);
  assert.equal([observer.hits, observer.misses], [1, 1]);
});

test('refresh bypasses a live entry, recomputes, and stores the fresh result', async () => {
  const cached = await memoryCache().cache;
  const loader = countingLoader((call) => ({ call }));
  assert.equal(await cached.load(walletsKey, loader.load, query), { call: 1 });
  assert.equal(await cached.load(walletsKey, loader.load, { ...query, refresh: true }), { call: 2 });
  assert.equal(await cached.load(walletsKey, loader.load, query), { call: 2 });
  assert.is(loader.calls, 2);
});

test('an entry lives for its ttl (30 s, 2 min for aggregates), then is recomputed', async () => {
  let now = 1_000;
  const cached = await memoryCache({ now: () => now }).cache;
  const loader = countingLoader((call) => call);
  const totalsKey = resultKey('portfolioTotals', {}, 'aurora');
  const aggregate = { ttlMs: resultTtlMs.aggregate, tags: ['organization:aurora'] };
  assert.is(await cached.load(walletsKey, loader.load, query), 1);
  assert.is(await cached.load(totalsKey, loader.load, aggregate), 2);
  now += 29_999;
  assert.is(await cached.load(walletsKey, loader.load, query), 1);
  now += 1;
  assert.is(await cached.load(walletsKey, loader.load, query), 3);
  assert.is(await cached.load(totalsKey, loader.load, aggregate), 2);
  now += 90_000;
  assert.is(await cached.load(totalsKey, loader.load, aggregate), 4);
});

test('invalidate drops every entry carrying any of the tags, and only those', async () => {
  const cached = await memoryCache().cache;
  const loader = countingLoader((call) => call);
  const wallet12 = resultKey('wallet', { id: 12 }, 'aurora');
  const wallet13 = resultKey('wallet', { id: 13 }, 'aurora');
  const meridian = resultKey('wallets', {}, 'meridian');
  await cached.load(wallet12, loader.load, { ttlMs: 30_000, tags: ['wallet:12', 'organization:aurora'] });
  await cached.load(wallet13, loader.load, { ttlMs: 30_000, tags: ['wallet:13', 'organization:aurora'] });
  await cached.load(meridian, loader.load, { ttlMs: 30_000, tags: ['organization:meridian'] });
  await cached.invalidate(['wallet:12']);
  assert.is(await cached.load(wallet12, loader.load, { ttlMs: 30_000, tags: ['wallet:12'] }), 4);
  assert.is(await cached.load(wallet13, loader.load, { ttlMs: 30_000, tags: ['wallet:13'] }), 2);
  await cached.invalidate(['organization:meridian', 'organization:aurora']);
  assert.is(await cached.load(wallet13, loader.load, { ttlMs: 30_000, tags: ['wallet:13'] }), 5);
  assert.is(await cached.load(meridian, loader.load, { ttlMs: 30_000, tags: [] }), 6);
});

test('concurrent loads of one key share one loader call (each a miss)', async () => {
  const { cache, observer } = memoryCache();
  const cached = await cache;
  const loader = heldLoader((call) => ({ call }));
  const loads = [1, 2, 3].map(() => cached.load(walletsKey, loader.load, query));
  await settle();
  loader.release();
  assert.equal(await Promise.all(loads), [{ call: 1 }, { call: 1 }, { call: 1 }]);
  assert.is(loader.calls, 1);
  assert.equal([observer.hits, observer.misses], [0, 3]);
  assert.equal(await cached.load(walletsKey, loader.load, query), { call: 1 });
});

test('a loader rejection is passed on to every waiting caller and nothing is stored', async () => {
  const cached = await memoryCache().cache;
  let calls = 0;
  const loader = async () => {
    calls += 1;
    if (calls === 1) throw new Error('database hiccup');
    return 'ok';
  };
  const failing = [cached.load(walletsKey, loader, query), cached.load(walletsKey, loader, query)];
  for (const outcome of await Promise.allSettled(failing)) {
    assert.is(outcome.status, 'rejected');
    if (outcome.status === 'rejected') assert.is((outcome.reason as Error).message, 'database hiccup');
  }
  assert.is(await cached.load(walletsKey, loader, query), 'ok');
  assert.is(calls, 2);
});

test('a value that is not JSON-plain is refused with its path, and not stored', async () => {
  const cached = await memoryCache().cache;
  const refusals: [unknown, RegExp][] = [
    [{ wallets: [{ createdAt: new Date(0) }] }, /\$\.wallets\[0\]\.createdAt is a Date/],
    [{ total: 10n }, /\$\.total is a bigint/],
    [{ note: undefined }, /\$\.note is undefined/],
    [{ byId: new Map() }, /\$\.byId is a Map/],
    [{ rate: Number.POSITIVE_INFINITY }, /\$\.rate is Infinity/],
    [undefined, /\$ is undefined/],
  ];
  for (const [value, message] of refusals) {
    await cached
      .load(walletsKey, async () => value, query)
      .then(
        () => assert.unreachable(`${message} should be refused`),
        (error: unknown) => {
          assert.instance(error, TypeError);
          assert.match((error as Error).message, /^a cached result must be JSON-plain/);
          assert.match((error as Error).message, message);
        },
      );
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  await cached
    .load(walletsKey, async () => cyclic, query)
    .then(
      () => assert.unreachable('a cycle is refused'),
      (error: unknown) => assert.match((error as Error).message, /\$\.self is a reference to an enclosing object/),
    );
  assert.is(await cached.load(walletsKey, async () => 'plain', query), 'plain', 'nothing was stored before');
});

test('an invalidation while a load runs: that result is answered but not stored, and later loads do not join it', async () => {
  const cached = await memoryCache().cache;
  const loader = heldLoader((call) => ({ call }));
  const before = cached.load(walletsKey, loader.load, query);
  await settle();
  await cached.invalidate(['organization:aurora']);
  const after = cached.load(walletsKey, loader.load, query);
  await settle();
  assert.is(loader.calls, 2, 'a load after the invalidation runs its own loader');
  loader.release();
  assert.equal(await before, { call: 1 });
  assert.equal(await after, { call: 2 });
  await settle();
  assert.equal(await cached.load(walletsKey, loader.load, query), { call: 2 });
});

test('invalidateAll drops every entry and its tags; a load running across it is answered but not stored', async () => {
  const store = createMemoryResultStore({ maxBytes: 1024 * 1024, maxEntries: 100 });
  const cached = resultCacheOver({ store, backend: 'memory', maxEntryBytes: 1024 });
  const loader = countingLoader((call) => call);
  const keys = [1, 2, 3].map((id) => resultKey('wallet', { id }, 'aurora'));
  for (const [index, key] of keys.entries())
    await cached.load(key, loader.load, { ttlMs: 30_000, tags: [`wallet:${index}`, 'organization:aurora'] });
  assert.equal([store.counts()?.entries, store.indexSize()], [3, 6]);
  const held = heldLoader((call) => ({ held: call }));
  const running = cached.load(walletsKey, held.load, query);
  await settle();
  await cached.invalidateAll();
  assert.equal([store.counts(), store.indexSize()], [{ entries: 0, bytes: 0 }, 0]);
  held.release();
  assert.equal(await running, { held: 1 });
  await settle();
  assert.is(store.counts()?.entries, 0, 'the load that ran across it stored nothing');
  assert.is(await cached.load(keys[0]!, loader.load, query), 4);
});

test('an invalidation of another tag does not stop a load from being stored', async () => {
  const cached = await memoryCache().cache;
  const loader = heldLoader((call) => call);
  const load = cached.load(walletsKey, loader.load, query);
  await settle();
  await cached.invalidate(['organization:meridian']);
  loader.release();
  assert.is(await load, 1);
  await settle();
  assert.is(await cached.load(walletsKey, loader.load, query), 1);
});

test('a refresh started while an older load runs is what stays stored', async () => {
  const cached = await memoryCache().cache;
  const loader = heldLoader((call) => call);
  const older = cached.load(walletsKey, loader.load, query);
  await settle();
  const refreshed = cached.load(walletsKey, loader.load, { ...query, refresh: true });
  await settle();
  assert.is(loader.calls, 2, 'a refresh does not join the older load');
  loader.release();
  assert.equal([await older, await refreshed], [1, 2]);
  await settle();
  assert.is(await cached.load(walletsKey, loader.load, query), 2);
});

test('bytes: an entry counts the UTF-8 bytes of key, JSON and tags; the total stays within maxBytes', async () => {
  const observer = countingObserver();
  const cached = await createResultCache({ logger, observer, maxBytes: 2_000 });
  const value = { text: 'Zürich €' };
  const tags = ['organization:aurora'];
  await cached.load(walletsKey, async () => value, { ttlMs: 30_000, tags });
  const bytes = entryBytes(walletsKey, JSON.stringify(value), tags);
  assert.is(bytes, Buffer.byteLength(walletsKey) + Buffer.byteLength('{"text":"Zürich €"}') + 19);
  assert.is(observer.storedBytes, bytes);
  assert.equal(observer.read(), { entries: 1, bytes });
  for (let id = 0; id < 100; id += 1)
    await cached.load(resultKey('wallet', { id }, 'aurora'), async () => 'x'.repeat(100), query);
  const counts = observer.read();
  assert.ok(counts !== undefined && counts.bytes !== undefined && counts.bytes <= 2_000, JSON.stringify(counts));
  assert.ok(counts !== undefined && counts.entries < 20, 'older entries left');
});

test('a result larger than the per-entry bound is answered but not stored', async () => {
  const cached = await createResultCache({ logger, maxBytes: 1024 * 1024, maxEntryBytes: 1_000 });
  const loader = countingLoader((call) => `${call}`.padEnd(1_000, '.'));
  assert.is((await cached.load(walletsKey, loader.load, query)).slice(0, 1), '1');
  assert.is((await cached.load(walletsKey, loader.load, query)).slice(0, 1), '2');
});

test('the tag index follows the cache: entries evicted by the bound leave it too', async () => {
  const store = createMemoryResultStore({ maxBytes: 1024 * 1024, maxEntries: 10 });
  const cached = resultCacheOver({ store, backend: 'memory', maxEntryBytes: 1024 });
  for (let id = 0; id < 1_000; id += 1)
    await cached.load(resultKey('wallet', { id }, 'aurora'), async () => id, {
      ttlMs: 30_000,
      tags: [`wallet:${id}`, 'organization:aurora'],
    });
  assert.equal(store.counts(), { entries: 10, bytes: store.counts()?.bytes });
  assert.is(store.indexSize(), 20, 'two tags for each of the 10 entries held');
  await cached.invalidate(['organization:aurora']);
  assert.is(store.indexSize(), 0);
  assert.is(store.counts()?.entries, 0);
});

test('maxBytes 0 keeps nothing: every load runs its loader', async () => {
  const cached = await createResultCache({ logger, maxBytes: 0 });
  const loader = countingLoader((call) => call);
  assert.is(await cached.load(walletsKey, loader.load, query), 1);
  assert.is(await cached.load(walletsKey, loader.load, query), 2);
});

test('bad lifetimes, tags and bounds are refused, naming them', async () => {
  const cached = await memoryCache().cache;
  const load = (options: { ttlMs: number; tags: string[] }) => cached.load(walletsKey, async () => 1, options);
  await load({ ttlMs: 1, tags: [] }).then(
    () => assert.unreachable(),
    (error: unknown) => assert.match((error as Error).message, /ttlMs must be a whole number from 2 to 3600000, got 1/),
  );
  await load({ ttlMs: 30.5, tags: [] }).then(
    () => assert.unreachable(),
    (error: unknown) => assert.match((error as Error).message, /ttlMs must be/),
  );
  await load({ ttlMs: 30_000, tags: [''] }).then(
    () => assert.unreachable(),
    (error: unknown) => assert.match((error as Error).message, /a tag is a string of 1 to 200 characters, got ""/),
  );
  await load({ ttlMs: 30_000, tags: Array.from({ length: 65 }, (_, i) => `t${i}`) }).then(
    () => assert.unreachable(),
    (error: unknown) => assert.match((error as Error).message, /at most 64 tags an entry, got 65/),
  );
  await createResultCache({ logger, maxBytes: -1 }).then(
    () => assert.unreachable(),
    (error: unknown) => assert.match((error as Error).message, /maxBytes must be a whole number ≥ 0, got -1/),
  );
});

test.run();
