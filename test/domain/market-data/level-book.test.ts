// The in-memory order book (docs/market-data.md#books): a snapshot replaces both sides, a change
// sets a level's absolute size, "0" removes it, prices compare as decimals and keep their text;
// and, as a property, any snapshot followed by any changes gives the book of a plain model.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLevelBook } from '../../../src/domain/market-data/level-book.ts';
import { changedLevels } from '../../../src/domain/market-data/market-books.ts';

test('a snapshot is sorted (bids highest first, asks lowest first), without zero sizes, a repeated price keeping its last size', () => {
  const book = createLevelBook();
  book.replace(
    [
      { price: '99.5', size: '1' },
      { price: '100', size: '2' },
      { price: '98', size: '0' },
      { price: '99.50', size: '3' },
    ],
    [
      { price: '101.25', size: '1' },
      { price: '100.5', size: '0.00000000' },
      { price: '101', size: '4' },
    ],
  );
  assert.equal(book.levels('bids'), [
    { price: '100', size: '2' },
    { price: '99.50', size: '3' },
  ]);
  assert.equal(book.levels('asks'), [
    { price: '101', size: '4' },
    { price: '101.25', size: '1' },
  ]);
});

test('a change adds, resizes (absolute) or removes a level; decimals, not floats or text, decide the place', () => {
  const book = createLevelBook();
  book.replace([{ price: '9', size: '1' }], [{ price: '10', size: '1' }]);
  book.set('bids', '10', '0');
  book.set('bids', '8.99999999999999999999', '2');
  book.set('bids', '9.0', '5');
  book.set('asks', '100', '1');
  book.set('asks', '10.000', '0');
  book.set('asks', '11', '0');
  assert.equal(book.levels('bids'), [
    { price: '9.0', size: '5' },
    { price: '8.99999999999999999999', size: '2' },
  ]);
  assert.equal(book.levels('asks'), [{ price: '100', size: '1' }]);
});

test('changed levels of one update: each price once with its last size, sorted as the side lists them', () => {
  assert.equal(
    changedLevels('bids', [
      { price: '1', size: '1' },
      { price: '3', size: '1' },
      { price: '1.0', size: '0' },
      { price: '2', size: '7' },
    ]),
    [
      { price: '3', size: '1' },
      { price: '2', size: '7' },
      { price: '1.0', size: '0' },
    ],
  );
  assert.equal(
    changedLevels('asks', [
      { price: '3', size: '1' },
      { price: '1', size: '2' },
    ]),
    [
      { price: '1', size: '2' },
      { price: '3', size: '1' },
    ],
  );
});

/** Prices on a grid of cents in a small range, so changes often hit existing levels. */
const price = fc.integer({ min: 1, max: 400 }).map((cents) => (cents / 100).toFixed(2));
const size = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 1, max: 10_000 }).map((units) => (units / 1000).toFixed(3)),
);
const level = fc.record({ price, size });
const change = fc.record({ side: fc.constantFrom('bids' as const, 'asks' as const), price, size });

/** The model: a map from the price's number of cents to the last level, sorted at the end. */
function model(
  bids: { price: string; size: string }[],
  asks: { price: string; size: string }[],
  changes: typeof change extends fc.Arbitrary<infer C> ? C[] : never,
) {
  const sides = {
    bids: new Map<number, { price: string; size: string }>(),
    asks: new Map<number, { price: string; size: string }>(),
  };
  const put = (side: 'bids' | 'asks', entry: { price: string; size: string }) => {
    const key = Math.round(Number(entry.price) * 100);
    if (Number(entry.size) === 0) sides[side].delete(key);
    else sides[side].set(key, { price: entry.price, size: entry.size });
  };
  for (const entry of bids) put('bids', entry);
  for (const entry of asks) put('asks', entry);
  for (const entry of changes) put(entry.side, entry);
  const listed = (side: 'bids' | 'asks', direction: number) =>
    [...sides[side].entries()].sort(([a], [b]) => direction * (a - b)).map(([, entry]) => entry);
  return { bids: listed('bids', -1), asks: listed('asks', 1) };
}

test('property: a random snapshot then random changes give the model book', () => {
  fc.assert(
    fc.property(
      fc.array(level, { maxLength: 40 }),
      fc.array(level, { maxLength: 40 }),
      fc.array(change, { maxLength: 200 }),
      (bids, asks, changes) => {
        const book = createLevelBook();
        book.replace(bids, asks);
        for (const entry of changes) book.set(entry.side, entry.price, entry.size);
        assert.equal({ bids: book.levels('bids'), asks: book.levels('asks') }, model(bids, asks, changes));
      },
    ),
    { numRuns: 300 },
  );
});

test.run();
