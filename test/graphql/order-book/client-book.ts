// A subscriber's order book as a client keeps it from orderBookUpdates messages (schema.graphql
// OrderBookUpdate): a SNAPSHOT replaces it, an L2UPDATE sets each level's absolute size and "0"
// removes it. Levels print as "price size" lines, bids highest first, asks lowest first, to
// compare with another book's.
import BigNumber from 'bignumber.js';

export interface OrderBookMessage {
  productId: string;
  type: 'SNAPSHOT' | 'L2UPDATE';
  sequence: number;
  time: string;
  bids: { price: string; size: string }[];
  asks: { price: string; size: string }[];
}

export interface ClientBook {
  apply(message: OrderBookMessage): void;
  levels(): { bids: string[]; asks: string[] };
}

export function clientBook(): ClientBook {
  let bids = new Map<string, string>();
  let asks = new Map<string, string>();
  return {
    apply(message) {
      if (message.type === 'SNAPSHOT') {
        bids = new Map();
        asks = new Map();
      }
      setLevels(bids, message.bids);
      setLevels(asks, message.asks);
    },
    levels: () => ({ bids: printed(bids, 'desc'), asks: printed(asks, 'asc') }),
  };
}

/** The same printed form for a book given as `[price, size]` pairs (the level2 wire form). */
export function printedLevels(pairs: readonly (readonly [string, string])[], order: 'asc' | 'desc'): string[] {
  return printed(new Map(pairs.map(([price, size]) => [price, size])), order);
}

function setLevels(levels: Map<string, string>, changes: { price: string; size: string }[]): void {
  for (const { price, size } of changes) {
    if (new BigNumber(size).isZero()) levels.delete(price);
    else levels.set(price, size);
  }
}

function printed(levels: Map<string, string>, order: 'asc' | 'desc'): string[] {
  const prices = [...levels.keys()].sort((a, b) => new BigNumber(a).comparedTo(new BigNumber(b)) ?? 0);
  if (order === 'desc') prices.reverse();
  return prices.map((price) => `${price} ${levels.get(price)}`);
}
