// The market data simulator's books (docs/market-data.md#the-simulator): one level2 book per
// product, centred on the simulated market's price of the base in the quote
// (docs/market-data.md#the-simulated-market; the coin prices simulator quotes the same market), and
// the updates that move them. Each update first moves the book with the market, removing the levels
// the middle crossed or left more than 60 ticks behind and adding levels where a side fell below
// half its depth, then changes one to three levels: a new size, a level removed, or a level added;
// bids always below the middle and asks above it, so the book never crosses. Each price appears
// once in an update. Deterministic for a seed and a clock, so tests can replay it; the transport
// (market-data-simulator-server.ts) decides when updates happen.
import BigNumber from 'bignumber.js';
import { createSimulatedMarket, type SimulatedMarket } from '../simulated-market/simulated-market.ts';
import type { Level2Change, Level2Level, Level2Snapshot, Level2Update } from './level2-messages.ts';
import { productIdPattern } from './level2-messages.ts';
import { seededRandom } from '../simulated-market/seeded-random.ts';

export interface MarketDataSimulatorOptions {
  /** The products served, `BASE-QUOTE`. */
  readonly productIds: readonly string[];
  /** Seeds the random moves (and the market when none is given); the same seed and clock give the same books and updates. Default 1. */
  readonly seed?: number;
  /** Levels on each side of a fresh book. Default 25. */
  readonly depth?: number;
  readonly now?: () => Date;
  /** The market the books' middles follow; by default one of `seed`. */
  readonly market?: SimulatedMarket;
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

type SideName = 'buy' | 'sell';

interface SimulatedBook {
  readonly base: string;
  readonly quote: string;
  readonly tick: BigNumber;
  readonly priceDecimals: number;
  /** The middle price, in ticks. */
  mid: number;
  /** The market's step `mid` was read at: the market moves once a step, the book ten times a second. */
  midStep: number;
  /** Price in ticks → size. */
  readonly bids: Map<number, string>;
  readonly asks: Map<number, string>;
  sequence: number;
}

/**
 * What one update changes, each price once: the last change of a price wins, and a level both
 * added and removed within the update is no change at all.
 */
interface Changes {
  readonly levels: Map<string, Level2Change>;
  /** The levels this update added where the book had none before it. */
  readonly added: Set<string>;
}

export function createMarketDataSimulator(options: MarketDataSimulatorOptions): MarketDataSimulator {
  const now = options.now ?? (() => new Date());
  const depth = options.depth ?? 25;
  if (!Number.isInteger(depth) || depth < 1 || depth >= spreadTicks) {
    throw new RangeError(`depth must be a whole number from 1 to ${spreadTicks - 1}, got ${depth}`);
  }
  const random = seededRandom(options.seed ?? 1);
  const market = options.market ?? createSimulatedMarket({ seed: options.seed ?? 1 });
  const books = new Map<string, SimulatedBook>();
  for (const productId of [...new Set(options.productIds)].sort()) {
    if (!productIdPattern.test(productId)) throw new RangeError(`not a product id: ${JSON.stringify(productId)}`);
    books.set(productId, freshBook(productId, market, now(), depth, random));
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
      const at = now();
      const changes: Changes = { levels: new Map(), added: new Set() };
      recentre(book, middleTicks(book, market, at), changes);
      refill(book, Math.ceil(depth / 2), random, changes);
      const count = 1 + Math.floor(random() * 3);
      for (let index = 0; index < count; index += 1) move(book, depth, random, changes);
      book.sequence += 1;
      return {
        type: 'l2update',
        product_id: productId,
        sequence: book.sequence,
        time: at.toISOString(),
        changes: [...changes.levels.values()],
      };
    },
    skipSequence(productId) {
      served(productId).sequence += 1;
    },
  };
}

function freshBook(
  productId: string,
  market: SimulatedMarket,
  at: Date,
  depth: number,
  random: () => number,
): SimulatedBook {
  const [base, quote] = productId.split('-') as [string, string];
  // About five significant digits per tick at the base prices, as exchanges quote: 94250.1,
  // 3345.67, 1.0001; fixed for the book's life, so the market's moves keep the grid.
  const basePrice = new Plain(market.basePrice(base)).div(market.basePrice(quote));
  const priceDecimals = Math.max(0, 4 - Math.floor(Math.log10(basePrice.toNumber())));
  const book: SimulatedBook = {
    base,
    quote,
    tick: new Plain(10).pow(-priceDecimals),
    priceDecimals,
    mid: 0,
    midStep: -1,
    bids: new Map(),
    asks: new Map(),
    sequence: 1 + Math.floor(random() * 1_000_000),
  };
  book.mid = middleTicks(book, market, at);
  for (const sideName of ['buy', 'sell'] as const) {
    const side = sideOf(book, sideName);
    while (side.size < depth)
      side.set(ticksAt(book, sideName, 1 + Math.floor(random() * spreadTicks)), randomSize(random));
  }
  return book;
}

/** The market's price of the base in the quote at `at`, in whole ticks (half up); read once per market step. */
function middleTicks(book: SimulatedBook, market: SimulatedMarket, at: Date): number {
  const step = Math.floor(at.getTime() / market.stepMs);
  if (step === book.midStep) return book.mid;
  const price = new Plain(market.usdPrice(book.base, at)).div(market.usdPrice(book.quote, at));
  book.midStep = step;
  return price.div(book.tick).integerValue(BigNumber.ROUND_HALF_UP).toNumber();
}

/** Moves the middle to `mid`: levels now on the wrong side of it, or too far from it, go. */
function recentre(book: SimulatedBook, mid: number, changes: Changes): void {
  book.mid = mid;
  for (const sideName of ['buy', 'sell'] as const) {
    const side = sideOf(book, sideName);
    for (const ticks of [...side.keys()]) {
      const offset = sideName === 'buy' ? mid - ticks : ticks - mid;
      if (offset >= 1 && offset <= spreadTicks) continue;
      side.delete(ticks);
      record(book, changes, sideName, ticks, '0');
    }
  }
}

/** Adds levels to a side holding fewer than `floor`, so a move of the market never empties it. */
function refill(book: SimulatedBook, floor: number, random: () => number, changes: Changes): void {
  for (const sideName of ['buy', 'sell'] as const) {
    while (sideOf(book, sideName).size < floor) addLevel(book, sideName, random, changes);
  }
}

function move(book: SimulatedBook, depth: number, random: () => number, changes: Changes): void {
  const sideName: SideName = random() < 0.5 ? 'buy' : 'sell';
  const side = sideOf(book, sideName);
  const roll = random();
  const taken = [...side.keys()];
  if ((roll < 0.2 && side.size > depth / 2) || side.size >= spreadTicks - 1) {
    const ticks = taken[Math.floor(random() * taken.length)]!;
    side.delete(ticks);
    record(book, changes, sideName, ticks, '0');
  } else if (roll < 0.4 || side.size === 0) {
    addLevel(book, sideName, random, changes);
  } else {
    const ticks = taken[Math.floor(random() * taken.length)]!;
    const size = randomSize(random);
    side.set(ticks, size);
    record(book, changes, sideName, ticks, size);
  }
}

/** A new level at a free place within the spread of its side (one is free: a side holds fewer than 59). */
function addLevel(book: SimulatedBook, sideName: SideName, random: () => number, changes: Changes): void {
  const side = sideOf(book, sideName);
  let ticks: number;
  do ticks = ticksAt(book, sideName, 1 + Math.floor(random() * spreadTicks));
  while (side.has(ticks));
  const size = randomSize(random);
  side.set(ticks, size);
  record(book, changes, sideName, ticks, size, true);
}

/** Records a level's new size; `placed`: a level put where the book had none. */
function record(
  book: SimulatedBook,
  changes: Changes,
  sideName: SideName,
  ticks: number,
  size: string,
  placed = false,
): void {
  const key = `${sideName}:${ticks}`;
  if (size === '0' && changes.added.delete(key)) {
    changes.levels.delete(key);
    return;
  }
  // Put back where this update removed a level, it is a new size of that level, not a new one.
  if (placed && !changes.levels.has(key)) changes.added.add(key);
  changes.levels.set(key, [sideName, priceAt(book, ticks), size]);
}

function sideOf(book: SimulatedBook, sideName: SideName): Map<number, string> {
  return sideName === 'buy' ? book.bids : book.asks;
}

/** The place `offset` ticks from the middle on the side: below it for bids, above it for asks. */
function ticksAt(book: SimulatedBook, sideName: SideName, offset: number): number {
  return sideName === 'buy' ? book.mid - offset : book.mid + offset;
}

function levels(book: SimulatedBook, sideName: 'bids' | 'asks'): Level2Level[] {
  const side = book[sideName];
  // Bids highest first and asks lowest first: both nearest the middle first.
  return [...side.keys()]
    .sort((a, b) => (sideName === 'bids' ? b - a : a - b))
    .map((ticks) => [priceAt(book, ticks), side.get(ticks)!] as const);
}

function priceAt(book: SimulatedBook, ticks: number): string {
  return book.tick.times(ticks).toFixed(book.priceDecimals);
}

function randomSize(random: () => number): string {
  const units = 1 + Math.floor(random() * 500_000_000);
  return new Plain(units).shiftedBy(-sizeDecimals).toFixed(sizeDecimals);
}
