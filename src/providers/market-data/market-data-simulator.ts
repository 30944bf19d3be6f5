// The market data simulator's books (docs/market-data.md#the-simulator): one level2 book per
// product around a plausible price (the demo data's coin prices, docs/demo-data.md; a product of
// other coins gets a price from a hash of its id), and the updates that move them. Each update
// changes one to three levels: a new size, a level removed, or a level added, bids always below the
// middle price and asks above it, so the book never crosses. Deterministic for a seed, so tests can
// replay it; the transport (market-data-simulator-server.ts) decides when updates happen.
import { createHash } from 'node:crypto';
import BigNumber from 'bignumber.js';
import { demoUsdPrices } from '../../db/seed/demo-market.ts';
import type { Level2Change, Level2Level, Level2Snapshot, Level2Update } from './level2-messages.ts';
import { productIdPattern } from './level2-messages.ts';

export interface MarketDataSimulatorOptions {
  /** The products served, `BASE-QUOTE`. */
  readonly productIds: readonly string[];
  /** Seeds the random moves; the same seed gives the same books and updates. Default 1. */
  readonly seed?: number;
  /** Levels on each side of a fresh book. Default 25. */
  readonly depth?: number;
  readonly now?: () => Date;
}

export interface MarketDataSimulator {
  readonly productIds: readonly string[];
  /** The product's whole book now, at its current sequence; null for a product not served. */
  snapshot(productId: string): Level2Snapshot | null;
  /** Moves the product's book by one update and returns it, with the next sequence number. */
  step(productId: string): Level2Update;
  /** Counts a sequence number without sending it: the next update carries a gap. */
  skipSequence(productId: string): void;
}

const Plain = BigNumber.clone({ EXPONENTIAL_AT: 1e9 });
/** How far from the middle price levels stand, in ticks. */
const spreadTicks = 60;
const sizeDecimals = 8;

interface SimulatedBook {
  readonly mid: BigNumber;
  readonly tick: BigNumber;
  readonly priceDecimals: number;
  /** Tick offset from the middle (1..spreadTicks) → size. */
  readonly bids: Map<number, string>;
  readonly asks: Map<number, string>;
  sequence: number;
}

export function createMarketDataSimulator(options: MarketDataSimulatorOptions): MarketDataSimulator {
  const now = options.now ?? (() => new Date());
  const depth = options.depth ?? 25;
  if (!Number.isInteger(depth) || depth < 1 || depth >= spreadTicks) {
    throw new RangeError(`depth must be a whole number from 1 to ${spreadTicks - 1}, got ${depth}`);
  }
  const random = seededRandom(options.seed ?? 1);
  const books = new Map<string, SimulatedBook>();
  for (const productId of [...new Set(options.productIds)].sort()) {
    if (!productIdPattern.test(productId)) throw new RangeError(`not a product id: ${JSON.stringify(productId)}`);
    books.set(productId, freshBook(productId, depth, random));
  }

  function served(productId: string): SimulatedBook {
    const book = books.get(productId);
    if (!book) throw new RangeError(`the simulator serves no product ${productId}`);
    return book;
  }

  return {
    productIds: [...books.keys()],
    snapshot(productId) {
      const book = books.get(productId);
      if (!book) return null;
      return {
        type: 'snapshot',
        product_id: productId,
        sequence: book.sequence,
        time: now().toISOString(),
        bids: levels(book, 'bids'),
        asks: levels(book, 'asks'),
      };
    },
    step(productId) {
      const book = served(productId);
      const changes: Level2Change[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let index = 0; index < count; index += 1) changes.push(move(book, depth, random));
      book.sequence += 1;
      return { type: 'l2update', product_id: productId, sequence: book.sequence, time: now().toISOString(), changes };
    },
    skipSequence(productId) {
      served(productId).sequence += 1;
    },
  };
}

function freshBook(productId: string, depth: number, random: () => number): SimulatedBook {
  const mid = middlePrice(productId);
  // About five significant digits per tick, as exchanges quote: 94250.1, 3345.67, 1.0001.
  const magnitude = Math.floor(Math.log10(mid.toNumber()));
  const priceDecimals = Math.max(0, 4 - magnitude);
  const tick = new Plain(10).pow(-priceDecimals);
  const book: SimulatedBook = {
    mid: mid.decimalPlaces(priceDecimals),
    tick,
    priceDecimals,
    bids: new Map(),
    asks: new Map(),
    sequence: 1 + Math.floor(random() * 1_000_000),
  };
  for (const side of [book.bids, book.asks]) {
    while (side.size < depth) side.set(1 + Math.floor(random() * spreadTicks), randomSize(random));
  }
  return book;
}

function move(book: SimulatedBook, depth: number, random: () => number): Level2Change {
  const sideName = random() < 0.5 ? 'buy' : 'sell';
  const side = sideName === 'buy' ? book.bids : book.asks;
  const roll = random();
  const offsets = [...side.keys()];
  let offset: number;
  let size: string;
  if ((roll < 0.2 && side.size > depth / 2) || side.size >= spreadTicks - 1) {
    offset = offsets[Math.floor(random() * offsets.length)]!;
    size = '0';
    side.delete(offset);
  } else if (roll < 0.4 || side.size === 0) {
    do offset = 1 + Math.floor(random() * spreadTicks);
    while (side.has(offset));
    size = randomSize(random);
    side.set(offset, size);
  } else {
    offset = offsets[Math.floor(random() * offsets.length)]!;
    size = randomSize(random);
    side.set(offset, size);
  }
  return [sideName, priceAt(book, sideName === 'buy' ? -offset : offset), size];
}

function levels(book: SimulatedBook, sideName: 'bids' | 'asks'): Level2Level[] {
  const side = book[sideName];
  // Bids highest first and asks lowest first: both nearest the middle first.
  return [...side.keys()]
    .sort((a, b) => a - b)
    .map((offset) => [priceAt(book, sideName === 'bids' ? -offset : offset), side.get(offset)!] as const);
}

function priceAt(book: SimulatedBook, ticks: number): string {
  return book.mid.plus(book.tick.times(ticks)).toFixed(book.priceDecimals);
}

function randomSize(random: () => number): string {
  const units = 1 + Math.floor(random() * 500_000_000);
  return new Plain(units).shiftedBy(-sizeDecimals).toFixed(sizeDecimals);
}

/** The demo price of the base in the quote (both demo coins, or USD), else one from a hash of the id. */
function middlePrice(productId: string): BigNumber {
  const [base, quote] = productId.split('-') as [string, string];
  const usd = (symbol: string): BigNumber | null =>
    symbol === 'USD' ? new Plain(1) : symbol in demoUsdPrices ? new Plain(demoUsdPrices[symbol as 'BTC']) : null;
  const [baseUsd, quoteUsd] = [usd(base), usd(quote)];
  if (baseUsd && quoteUsd) return baseUsd.div(quoteUsd);
  const hash = createHash('sha256').update(productId).digest().readUInt32BE(0);
  return new Plain(1 + (hash % 100_000)).shiftedBy(-2);
}

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
