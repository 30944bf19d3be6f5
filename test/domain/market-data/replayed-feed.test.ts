// A feed rebuilt from another feed's events (docs/market-data.md#fan-out-on-several-cores): the
// events an upstream feed's books tell, replayed in order, give the same books and tell the same
// events; an update before the product's first snapshot is dropped, and the snapshot that follows
// brings the book.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMarketBooks } from '../../../src/domain/market-data/market-books.ts';
import type { BookEvent } from '../../../src/domain/market-data/market-data-feed.ts';
import { createReplayedFeed } from '../../../src/domain/market-data/replayed-feed.ts';
import { createLogger } from '../../../src/observability/logger.ts';

const silent = createLogger('silent');
const time = (second: number) => `2026-01-15T10:30:${String(second).padStart(2, '0')}.000Z`;

test('replaying a feed’s events gives its books and tells its events', () => {
  const source = createMarketBooks(['BTC-USD', 'ETH-USD'], silent);
  const replayed = createReplayedFeed(['BTC-USD', 'ETH-USD'], silent);
  const told: BookEvent[] = [];
  replayed.listen((event) => told.push(event));
  const sent: BookEvent[] = [];
  source.listen((event) => {
    sent.push(event);
    replayed.apply(event);
  });
  source.applySnapshot({
    kind: 'snapshot',
    productId: 'BTC-USD',
    time: time(0),
    bids: [{ price: '100', size: '1' }],
    asks: [{ price: '101', size: '2' }],
  });
  source.applyUpdate({
    kind: 'update',
    productId: 'BTC-USD',
    time: time(1),
    bids: [
      { price: '100', size: '0' },
      { price: '99.5', size: '3' },
    ],
    asks: [{ price: '100.50', size: '4' }],
  });
  assert.equal(replayed.snapshot('BTC-USD'), source.snapshot('BTC-USD'));
  assert.equal(told, sent);
  assert.is(replayed.snapshot('ETH-USD'), null);
  assert.equal(replayed.products(), ['BTC-USD', 'ETH-USD']);
});

test('an update before the first snapshot is dropped; the snapshot brings the book', async () => {
  const replayed = createReplayedFeed(['BTC-USD'], silent);
  const told: BookEvent[] = [];
  replayed.listen((event) => told.push(event));
  replayed.apply({ kind: 'update', productId: 'BTC-USD', time: time(0), bids: [{ price: '1', size: '1' }], asks: [] });
  assert.is(replayed.snapshot('BTC-USD'), null);
  assert.equal(told, []);
  const snapshot: BookEvent = {
    kind: 'snapshot',
    productId: 'BTC-USD',
    time: time(1),
    bids: [],
    asks: [{ price: '2', size: '1' }],
  };
  replayed.apply(snapshot);
  assert.equal(replayed.snapshot('BTC-USD'), snapshot);
  assert.equal(await replayed.book('BTC-USD'), { bids: [], asks: [{ price: '2', size: '1' }] });
  assert.equal(told, [snapshot]);
});

test.run();
