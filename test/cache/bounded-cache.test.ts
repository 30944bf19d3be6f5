// The one bounded cache (docs/caches.md#bounded-caches): entries expire after their lifetime,
// the least recently used one leaves first when the cache is full or over its size, and
// concurrent loads of one key share one call.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBoundedCache } from '../../src/cache/bounded-cache.ts';

test('an entry lives for ttlMs, then is gone', () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, ttlMs: 480_000, now: () => now });
  cache.set('a', 'svg');
  now += 479_999;
  assert.is(cache.get('a'), 'svg');
  now += 1;
  assert.is(cache.get('a'), undefined);
  assert.is(cache.size, 0);
});

test('reading an entry does not extend its life', () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, ttlMs: 5_000, now: () => now });
  cache.set('a', 'live');
  now += 4_000;
  assert.is(cache.get('a'), 'live');
  now += 1_000;
  assert.is(cache.get('a'), undefined);
});

test('an entry may carry its own lifetime (aggregates longer than the default)', () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, ttlMs: 30_000, now: () => now });
  cache.set('query', 'q');
  cache.set('aggregate', 'a', { ttlMs: 120_000 });
  now += 30_000;
  assert.is(cache.get('query'), undefined);
  assert.is(cache.get('aggregate'), 'a');
  now += 89_999;
  assert.is(cache.get('aggregate'), 'a');
  now += 1;
  assert.is(cache.get('aggregate'), undefined);
});

test('an entry may carry a lifetime in a cache without a default one', () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, now: () => now });
  cache.set('kept', 'k');
  cache.set('brief', 'b', { ttlMs: 100 });
  now += 99;
  assert.is(cache.get('brief'), 'b');
  now += 1;
  assert.is(cache.get('brief'), undefined);
  assert.is(cache.get('kept'), 'k');
});

test('without ttlMs entries never expire', () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, now: () => now });
  cache.set('a', 'kept');
  now += 365 * 24 * 3_600_000;
  assert.is(cache.get('a'), 'kept');
});

test('a full cache drops the least recently used entry', () => {
  const cache = createBoundedCache<number>({ maxEntries: 2, ttlMs: 60_000 });
  cache.set('a', 1);
  cache.set('b', 2);
  assert.is(cache.get('a'), 1);
  cache.set('c', 3);
  assert.is(cache.size, 2);
  assert.is(cache.get('b'), undefined);
  assert.is(cache.get('a'), 1);
  assert.is(cache.get('c'), 3);
});

test('setting a key again replaces its value and makes it the most recently used', () => {
  const cache = createBoundedCache<number>({ maxEntries: 2 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('a', 10);
  cache.set('c', 3);
  assert.is(cache.size, 2);
  assert.is(cache.get('a'), 10);
  assert.is(cache.get('b'), undefined);
});

test('a cache bounded by size drops least recently used entries until the sum fits', () => {
  const cache = createBoundedCache<string>({ maxEntries: 100, maxSize: 10, sizeOf: (value) => value.length });
  cache.set('a', 'aaaa');
  cache.set('b', 'bbbb');
  assert.is(cache.get('a'), 'aaaa');
  cache.set('c', 'cccc');
  assert.is(cache.get('b'), undefined, 'b was least recently used');
  assert.is(cache.get('a'), 'aaaa');
  assert.is(cache.get('c'), 'cccc');
});

test('an entry larger than maxSize alone is not kept, and evicts nothing', () => {
  const cache = createBoundedCache<string>({ maxEntries: 100, maxSize: 10, sizeOf: (value) => value.length });
  cache.set('small', 'ss');
  cache.set('big', 'x'.repeat(11));
  assert.is(cache.get('big'), undefined);
  assert.is(cache.get('small'), 'ss');
});

test('an empty value still takes a slot of size 1', () => {
  const cache = createBoundedCache<string>({ maxEntries: 100, maxSize: 2, sizeOf: (value) => value.length });
  cache.set('a', '');
  cache.set('b', '');
  assert.is(cache.get('a'), '');
  cache.set('c', '');
  assert.is(cache.size, 2);
  assert.is(cache.get('b'), undefined);
});

test('delete removes an entry', () => {
  const cache = createBoundedCache<number>({ maxEntries: 2 });
  cache.set('a', 1);
  cache.delete('a');
  assert.is(cache.get('a'), undefined);
  assert.is(cache.size, 0);
});

test('load calls the loader once for concurrent callers and stores its value', async () => {
  const cache = createBoundedCache<{ n: number }>({ maxEntries: 10 });
  let calls = 0;
  const loader = async () => ({ n: ++calls });
  const [first, second] = await Promise.all([cache.load('k', loader), cache.load('k', loader)]);
  assert.is(calls, 1);
  assert.ok(first === second, 'both callers get the same value');
  assert.ok((await cache.load('k', loader)) === first, 'a later load is a hit');
  assert.ok(cache.get('k') === first);
  assert.is(calls, 1);
});

test('a rejected load is passed on and not stored', async () => {
  const cache = createBoundedCache<string>({ maxEntries: 10 });
  let failures = 1;
  const loader = async () => {
    if (failures-- > 0) throw new Error('disk hiccup');
    return 'ok';
  };
  await cache.load('k', loader).then(
    () => assert.unreachable('the first load fails'),
    (error: unknown) => assert.match((error as Error).message, /disk hiccup/),
  );
  assert.is(cache.get('k'), undefined);
  assert.is(await cache.load('k', loader), 'ok');
});

test('a loaded value larger than maxSize is answered but not kept', async () => {
  const cache = createBoundedCache<string>({ maxEntries: 10, maxSize: 4, sizeOf: (value) => value.length });
  let calls = 0;
  const loader = async () => `${++calls}`.padEnd(5, '.');
  assert.is(await cache.load('k', loader), '1....');
  assert.is(await cache.load('k', loader), '2....');
  assert.is(cache.get('k'), undefined);
});

test('load expires like set, with the cache lifetime or its own, and refresh loads anew', async () => {
  let now = 1_000;
  const cache = createBoundedCache<string>({ maxEntries: 10, ttlMs: 30_000, now: () => now });
  let calls = 0;
  const loader = async () => `v${++calls}`;
  assert.is(await cache.load('q', loader), 'v1');
  now += 29_999;
  assert.is(await cache.load('q', loader), 'v1');
  now += 1;
  assert.is(await cache.load('q', loader), 'v2');
  assert.is(await cache.load('q', loader, { refresh: true }), 'v3');
  assert.is(cache.get('q'), 'v3');
  assert.is(await cache.load('agg', loader, { ttlMs: 120_000 }), 'v4');
  now += 119_999;
  assert.is(cache.get('agg'), 'v4');
  now += 1;
  assert.is(cache.get('agg'), undefined);
});

test('onRemove is told of every value that leaves: evicted, expired, deleted, replaced, cleared; not of one never kept', () => {
  let now = 1_000;
  const removed: string[] = [];
  const cache = createBoundedCache<string>({
    maxEntries: 2,
    ttlMs: 1_000,
    maxSize: 10,
    sizeOf: (value) => value.length,
    now: () => now,
    onRemove: (value, key) => removed.push(`${key}=${value}`),
  });
  cache.set('a', 'a1');
  cache.set('b', 'b1');
  cache.set('c', 'c1');
  assert.equal(removed, ['a=a1'], 'evicted by the entry bound');
  cache.set('b', 'b2');
  assert.equal(removed, ['a=a1', 'b=b1'], 'replaced');
  cache.delete('c');
  assert.equal(removed, ['a=a1', 'b=b1', 'c=c1'], 'deleted');
  cache.set('big', 'x'.repeat(11));
  assert.equal(removed, ['a=a1', 'b=b1', 'c=c1'], 'a value too large was never kept');
  now += 1_000;
  assert.is(cache.get('b'), undefined);
  assert.equal(removed, ['a=a1', 'b=b1', 'c=c1', 'b=b2'], 'expired');
  cache.set('d', 'd1');
  cache.clear();
  assert.equal(removed, ['a=a1', 'b=b1', 'c=c1', 'b=b2', 'd=d1'], 'cleared');
});

test('bad bounds are refused at creation, naming the option', () => {
  assert.throws(() => createBoundedCache({ maxEntries: 0 }), /maxEntries must be a whole number ≥ 1, got 0/);
  assert.throws(() => createBoundedCache({ maxEntries: 1.5 }), /maxEntries/);
  assert.throws(
    () => createBoundedCache({ maxEntries: 1, ttlMs: 1 }),
    /ttlMs must be a whole number of milliseconds ≥ 2, got 1/,
  );
  assert.throws(() => createBoundedCache({ maxEntries: 1, maxSize: 10 }), /maxSize and sizeOf go together/);
  assert.throws(
    () => createBoundedCache<string>({ maxEntries: 1, sizeOf: (value) => value.length }),
    /maxSize and sizeOf go together/,
  );
  assert.throws(
    () => createBoundedCache<string>({ maxEntries: 1, maxSize: 0, sizeOf: (value) => value.length }),
    /maxSize must be a whole number ≥ 1, got 0/,
  );
  const cache = createBoundedCache<string>({ maxEntries: 1 });
  assert.throws(() => cache.set('a', 'b', { ttlMs: 0.5 }), /ttlMs must be/);
});

test.run();
