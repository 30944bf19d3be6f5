// One product's order book in memory (docs/market-data.md#books): bids highest price first, asks
// lowest first, each price once. A snapshot replaces both sides, a change sets one level's absolute
// size, and a size of 0 removes the level. Prices are compared as decimals (bignumber.js, so
// "100.5" and "100.50" are one level), never as floats; the strings are kept as given.
import BigNumber from 'bignumber.js';
import type { BookLevel } from './order-book-source.ts';

export type BookSide = 'bids' | 'asks';

interface HeldLevel {
  readonly price: string;
  readonly size: string;
  readonly value: BigNumber;
}

export interface LevelBook {
  /** Both sides become these levels (a level of size 0 is left out; a price given twice keeps the last). */
  replace(bids: readonly BookLevel[], asks: readonly BookLevel[]): void;
  /** Sets the level at `price` to `size`; `"0"` removes it. */
  set(side: BookSide, price: string, size: string): void;
  levels(side: BookSide): BookLevel[];
}

export function createLevelBook(): LevelBook {
  const sides: Record<BookSide, HeldLevel[]> = { bids: [], asks: [] };

  function set(side: BookSide, price: string, size: string): void {
    const levels = sides[side];
    const value = new BigNumber(price);
    const index = position(levels, value, side);
    const found = index < levels.length && levels[index]!.value.isEqualTo(value);
    if (isZero(size)) {
      if (found) levels.splice(index, 1);
    } else if (found) {
      levels[index] = { price, size, value };
    } else {
      levels.splice(index, 0, { price, size, value });
    }
  }

  return {
    replace(bids, asks) {
      sides.bids = [];
      sides.asks = [];
      for (const level of bids) set('bids', level.price, level.size);
      for (const level of asks) set('asks', level.price, level.size);
    },
    set,
    levels: (side) => sides[side].map(({ price, size }) => ({ price, size })),
  };
}

/** Orders two prices as the side lists them: negative when `a` comes first. */
export function compareOnSide(side: BookSide, a: BigNumber, b: BigNumber): number {
  return side === 'bids' ? b.comparedTo(a)! : a.comparedTo(b)!;
}

/** The first index whose level does not come before `value` on the side (binary search). */
function position(levels: readonly HeldLevel[], value: BigNumber, side: BookSide): number {
  let low = 0;
  let high = levels.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareOnSide(side, levels[middle]!.value, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function isZero(size: string): boolean {
  return /^0*(\.0*)?$/.test(size);
}
