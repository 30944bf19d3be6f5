// Merging a product's undelivered market-data events (src/graphql/order-book/merge-book-events.ts):
// applying the merged update to any book gives the book that applying the events one by one gives,
// checked on random books and updates; a snapshot absorbs what follows it.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BookEvent, BookUpdateEvent } from '../../../src/domain/market-data/market-data-feed.ts';
import { mergeBookEvents } from '../../../src/graphql/order-book/merge-book-events.ts';
import { clientBook } from './client-book.ts';

const level = fc.record({
  price: fc.integer({ min: 1, max: 30 }).map((tenths) => (tenths / 10).toString()),
  size: fc.constantFrom('0', '1', '2.5', '7'),
});
const update = fc.record({ bids: fc.array(level, { maxLength: 6 }), asks: fc.array(level, { maxLength: 6 }) });

function updateEvent(
  changes: { bids: BookUpdateEvent['bids']; asks: BookUpdateEvent['asks'] },
  time: string,
): BookEvent {
  return { kind: 'update', productId: 'BTC-USD', time, ...changes };
}

test('a merged update moves any book where its updates one by one move it', () => {
  fc.assert(
    fc.property(update, fc.array(update, { minLength: 2, maxLength: 5 }), (start, changes) => {
      const events = changes.map((change, index) => updateEvent(change, `2026-11-24T12:00:0${index}.000Z`));
      const merged = events.reduce(mergeBookEvents);
      const oneByOne = clientBook();
      const atOnce = clientBook();
      for (const book of [oneByOne, atOnce])
        book.apply({ productId: 'BTC-USD', type: 'SNAPSHOT', sequence: 1, time: '', ...start });
      for (const event of events) oneByOne.apply({ ...event, type: 'L2UPDATE', sequence: 2 } as never);
      atOnce.apply({ ...merged, type: 'L2UPDATE', sequence: 2 } as never);
      assert.equal(atOnce.levels(), oneByOne.levels());
      assert.is(merged.time, events.at(-1)!.time);
    }),
    { numRuns: 300 },
  );
});

test('a snapshot absorbs the updates after it, and replaces those before it', () => {
  const snapshot: BookEvent = { kind: 'snapshot', productId: 'BTC-USD', time: 't1', bids: [], asks: [] };
  const change = updateEvent({ bids: [{ price: '1', size: '1' }], asks: [] }, 't2');
  assert.equal(mergeBookEvents(snapshot, change), { ...snapshot, time: 't2' });
  assert.equal(mergeBookEvents(change, snapshot), snapshot);
});

test.run();
