// Walking an order book for an OTC size (docs/trading.md#pricing), on a book fixture: a BUY takes
// the asks cheapest first, a SELL the bids dearest first, each level for what it holds; the rate is
// the exact cost over the size, rounded half away from zero to 18 places; a book too thin answers
// what it holds. Levels arrive unsorted and with emptied (size 0) levels, as a book kept from
// level-2 updates may hold them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderBook } from '../../../src/domain/market-data/order-book-source.ts';
import { levelsFor, walkOrderBook } from '../../../src/domain/trading/order-book-walk.ts';

/** BTC-USD: asks from 64010 up, bids from 63990 down; the 64005 ask and the 63995 bid were emptied. */
const book: OrderBook = {
  asks: [
    { price: '64020.5', size: '1.5' },
    { price: '64010', size: '0.4' },
    { price: '64005', size: '0' },
    { price: '64100', size: '3' },
  ],
  bids: [
    { price: '63950', size: '2' },
    { price: '63990', size: '0.25' },
    { price: '63995', size: '0' },
    { price: '63800.75', size: '5' },
  ],
};

test('the levels a side takes: asks cheapest first, bids dearest first, emptied levels left out', () => {
  assert.equal(
    levelsFor(book, 'BUY').map((level) => level.price),
    ['64010', '64020.5', '64100'],
  );
  assert.equal(
    levelsFor(book, 'SELL').map((level) => level.price),
    ['63990', '63950', '63800.75'],
  );
});

test('a BUY inside the best ask is priced at it', () => {
  assert.equal(walkOrderBook(book, 'BUY', '0.3'), { filled: true, rate: '64010', levelsWalked: 1 });
});

test('a BUY across three asks is priced at the size-weighted average of what it takes', () => {
  // 0.4 × 64010 + 1.5 × 64020.5 + 0.1 × 64100 = 25604 + 96030.75 + 6410 = 128044.75; / 2 = 64022.375
  assert.equal(walkOrderBook(book, 'BUY', '2'), { filled: true, rate: '64022.375', levelsWalked: 3 });
});

test('a SELL walks the bids from the dearest down', () => {
  // 0.25 × 63990 + 0.75 × 63950 = 15997.5 + 47962.5 = 63960; / 1 = 63960
  assert.equal(walkOrderBook(book, 'SELL', '1'), { filled: true, rate: '63960', levelsWalked: 2 });
  // 0.25 × 63990 + 2 × 63950 + 0.75 × 63800.75 = 15997.5 + 127900 + 47850.5625 = 191748.0625; / 3
  assert.equal(walkOrderBook(book, 'SELL', '3'), { filled: true, rate: '63916.020833333333333333', levelsWalked: 3 });
});

test('BUY and SELL of one size are priced on opposite sides of the book', () => {
  const buy = walkOrderBook(book, 'BUY', '0.1');
  const sell = walkOrderBook(book, 'SELL', '0.1');
  assert.equal(
    [buy, sell],
    [
      { filled: true, rate: '64010', levelsWalked: 1 },
      { filled: true, rate: '63990', levelsWalked: 1 },
    ],
  );
});

test('a rate that does not end within 18 places is rounded half away from zero', () => {
  const thirds: OrderBook = {
    asks: [
      { price: '1', size: '1' },
      { price: '2', size: '2' },
    ],
    bids: [],
  };
  // 1 at 1 and 2 at 2 cost 5; 5 / 3 = 1.666…67
  assert.equal(walkOrderBook(thirds, 'BUY', '3'), { filled: true, rate: '1.666666666666666667', levelsWalked: 2 });
});

test('a size the book cannot fill answers how much the side holds', () => {
  assert.equal(walkOrderBook(book, 'BUY', '4.9000001'), { filled: false, available: '4.9' });
  assert.equal(walkOrderBook(book, 'SELL', '8'), { filled: false, available: '7.25' });
  assert.equal(walkOrderBook({ asks: [], bids: book.bids }, 'BUY', '0.1'), { filled: false, available: '0' });
});

test('exactly the depth of a side fills', () => {
  assert.equal(walkOrderBook(book, 'BUY', '4.9'), {
    filled: true,
    // 25604 + 96030.75 + 3 × 64100 = 313934.75; / 4.9
    rate: '64068.316326530612244898',
    levelsWalked: 3,
  });
});

test.run();
