// The books behind both feeds (docs/market-data.md#books): listeners hear each event after the
// book applied it; a stale product keeps its last book for `snapshot` but lends none to OTC
// pricing and refuses updates until its next snapshot; a throwing listener does not stop the others.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMarketBooks } from '../../../src/domain/market-data/market-books.ts';
import type { BookEvent } from '../../../src/domain/market-data/market-data-feed.ts';
import { createLogger } from '../../../src/observability/logger.ts';

const silent = createLogger('silent');
const time = '2026-01-15T10:30:00.000Z';
const snapshot = {
  kind: 'snapshot' as const,
  productId: 'BTC-USD',
  time,
  bids: [{ price: '100', size: '1' }],
  asks: [{ price: '101', size: '2' }],
};

test('no book before the first snapshot; listeners hear each event after the book applied it', () => {
  const books = createMarketBooks(['ETH-USD', 'BTC-USD', 'BTC-USD'], silent);
  assert.equal(books.products(), ['BTC-USD', 'ETH-USD']);
  assert.is(books.snapshot('BTC-USD'), null);
  assert.is(books.book('BTC-USD'), null);
  const seen: unknown[] = [];
  books.listen((event) => seen.push([event, books.snapshot(event.productId)]));
  books.applySnapshot(snapshot);
  const update = {
    kind: 'update' as const,
    productId: 'BTC-USD',
    time: '2026-01-15T10:30:01.000Z',
    bids: [
      { price: '100', size: '0' },
      { price: '100.5', size: '3' },
    ],
    asks: [],
  };
  assert.ok(books.applyUpdate(update));
  const after = { ...snapshot, time: update.time, bids: [{ price: '100.5', size: '3' }] };
  assert.equal(seen, [
    [snapshot, snapshot],
    [
      {
        ...update,
        bids: [
          { price: '100.5', size: '3' },
          { price: '100', size: '0' },
        ],
      },
      after,
    ],
  ]);
  assert.equal(books.book('BTC-USD'), { bids: after.bids, asks: after.asks });
});

test('a stale product keeps its snapshot, lends no book to pricing and refuses updates until a snapshot', () => {
  const books = createMarketBooks(['BTC-USD'], silent);
  const seen: BookEvent[] = [];
  books.listen((event) => seen.push(event));
  books.applySnapshot(snapshot);
  books.markStale('BTC-USD');
  assert.equal(books.snapshot('BTC-USD'), snapshot);
  assert.is(books.book('BTC-USD'), null);
  assert.is(books.applyUpdate({ ...snapshot, kind: 'update', bids: [{ price: '1', size: '1' }], asks: [] }), false);
  books.applySnapshot({ ...snapshot, time: '2026-01-15T10:31:00.000Z' });
  assert.equal(books.book('BTC-USD'), { bids: snapshot.bids, asks: snapshot.asks });
  assert.equal(
    seen.map((event) => [event.kind, event.time]),
    [
      ['snapshot', time],
      ['snapshot', '2026-01-15T10:31:00.000Z'],
    ],
  );
});

test('a quiet snapshot applies without telling; a throwing listener does not keep the others from an event', () => {
  const books = createMarketBooks(['BTC-USD'], silent);
  const seen: string[] = [];
  books.listen(() => {
    throw new Error('listener bug');
  });
  books.listen((event) => seen.push(event.kind));
  books.applySnapshot(snapshot, { quiet: true });
  assert.equal(books.snapshot('BTC-USD'), snapshot);
  books.applySnapshot(snapshot);
  assert.equal(seen, ['snapshot']);
});

test.run();
