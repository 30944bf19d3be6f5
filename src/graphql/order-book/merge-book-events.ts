// Merges a product's market-data events that arrived before the fan-out could deliver the first
// of them (docs/market-data.md#fan-out). Sizes in an update are absolute, so two updates merge
// into one holding each changed price once, at its latest size: applying it gives the same book
// as applying both. A snapshot absorbs whatever comes after it: the fan-out then sends the book
// as it is when it delivers.
import BigNumber from 'bignumber.js';
import type { BookEvent, BookUpdateEvent } from '../../domain/market-data/market-data-feed.ts';
import type { BookLevel } from '../../domain/market-data/order-book-source.ts';

export function mergeBookEvents(earlier: BookEvent, later: BookEvent): BookEvent {
  if (earlier.kind === 'snapshot') return { ...earlier, time: later.time };
  if (later.kind === 'snapshot') return later;
  return mergedUpdate(earlier, later);
}

function mergedUpdate(earlier: BookUpdateEvent, later: BookUpdateEvent): BookUpdateEvent {
  return {
    kind: 'update',
    productId: later.productId,
    time: later.time,
    bids: mergedLevels(earlier.bids, later.bids, 'desc'),
    asks: mergedLevels(earlier.asks, later.asks, 'asc'),
  };
}

function mergedLevels(
  earlier: readonly BookLevel[],
  later: readonly BookLevel[],
  order: 'asc' | 'desc',
): readonly BookLevel[] {
  if (later.length === 0) return earlier;
  if (earlier.length === 0) return later;
  const byPrice = new Map<string, BookLevel>();
  for (const level of [...earlier, ...later]) byPrice.set(canonicalPrice(level.price), level);
  const direction = order === 'asc' ? 1 : -1;
  return [...byPrice.values()].sort(
    (a, b) => direction * (new BigNumber(a.price).comparedTo(new BigNumber(b.price)) ?? 0),
  );
}

/** "100.50" and "100.5" are one level. */
function canonicalPrice(price: string): string {
  return new BigNumber(price).toFixed();
}
