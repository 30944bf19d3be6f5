// Prices a size against an order book level by level (docs/trading.md#pricing): a BUY takes the
// asks from the cheapest up, a SELL hits the bids from the dearest down, each level for as much
// of the remaining size as it holds. The rate is what the whole size costs divided by the size
// (the size-weighted average price of the levels walked), rounded half away from zero to 18
// places, the scale of otc_quote.exchange_rate. A book too thin for the size answers how much it
// holds instead. Exact decimals throughout (src/domain/money/decimal.ts).
import { add, compareDecimal, divideDecimal, multiply, subtract } from '../money/decimal.ts';
import type { OtcSide } from '../../access/trading/otc-quote-table.ts';
import type { BookLevel, OrderBook } from '../market-data/order-book-source.ts';

/** Places of an exchange rate: numeric(38, 18). */
export const rateScale = 18;

export type BookWalk = { filled: true; rate: string; levelsWalked: number } | { filled: false; available: string };

/** The side of the book a client's order takes liquidity from, best price first. */
export function levelsFor(book: OrderBook, side: OtcSide): BookLevel[] {
  const levels = (side === 'BUY' ? book.asks : book.bids).filter((level) => compareDecimal(level.size, '0') > 0);
  const cheapestFirst = (left: BookLevel, right: BookLevel) => compareDecimal(left.price, right.price);
  return levels.sort(side === 'BUY' ? cheapestFirst : (left, right) => cheapestFirst(right, left));
}

/** `size` (positive, whole units of the base asset) walked through the book for `side`. */
export function walkOrderBook(book: OrderBook, side: OtcSide, size: string): BookWalk {
  let remaining = size;
  let cost = '0';
  let levelsWalked = 0;
  for (const level of levelsFor(book, side)) {
    if (compareDecimal(remaining, '0') <= 0) break;
    const taken = compareDecimal(level.size, remaining) < 0 ? level.size : remaining;
    cost = add(cost, multiply(level.price, taken));
    remaining = subtract(remaining, taken);
    levelsWalked += 1;
  }
  if (compareDecimal(remaining, '0') > 0) return { filled: false, available: subtract(size, remaining) };
  return { filled: true, rate: divideDecimal(cost, size, rateScale), levelsWalked };
}
