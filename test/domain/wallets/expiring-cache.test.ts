// The sparkline cache (issue 5): entries expire after their lifetime and the least recently
// used one leaves first when the cache is full.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createExpiringCache } from '../../../src/domain/wallets/expiring-cache.ts';

test('an entry lives for ttlMs, then is gone', () => {
  let now = 1_000;
  const cache = createExpiringCache<string>({ capacity: 10, ttlMs: 480_000, now: () => now });
  cache.set('a', 'svg');
  now += 479_999;
  assert.is(cache.get('a'), 'svg');
  now += 1;
  assert.is(cache.get('a'), undefined);
  assert.is(cache.size, 0);
});

test('a full cache drops the least recently used entry', () => {
  const cache = createExpiringCache<number>({ capacity: 2, ttlMs: 60_000 });
  cache.set('a', 1);
  cache.set('b', 2);
  assert.is(cache.get('a'), 1);
  cache.set('c', 3);
  assert.is(cache.size, 2);
  assert.is(cache.get('b'), undefined);
  assert.is(cache.get('a'), 1);
  assert.is(cache.get('c'), 3);
});

test.run();
