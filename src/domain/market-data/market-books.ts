// The books of the tracked products and the events that changed them (docs/market-data.md#books),
// shared by the feed on the upstream client and the feed relayed through Redis: a snapshot replaces
// a product's book, an update sets its changed levels, and each is handed to the listeners after
// the book applied it, carrying exactly what it applied (levels sorted as the book lists them, a
// price changed twice in one update once, with its last size). A stale product (a gap upstream,
// awaiting its fresh snapshot) keeps its last book for `snapshot` but lends none to OTC pricing.
import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import type { BookLevel, OrderBook } from './order-book-source.ts';
import { type BookSide, compareOnSide, createLevelBook, type LevelBook } from './level-book.ts';
import type { BookEvent, BookSnapshotEvent, BookUpdateEvent } from './market-data-feed.ts';

interface ProductBook {
  readonly levels: LevelBook;
  inSync: boolean;
  /** The last snapshot or update time; null before the first snapshot. */
  time: string | null;
  /** `snapshot()`'s answer until the book changes again, so many readers share one copy. */
  cached: BookSnapshotEvent | null;
}

export interface MarketBooks {
  products(): readonly string[];
  tracks(productId: string): boolean;
  /** Whether the product's book follows the source (it had a snapshot and no gap since). */
  inSync(productId: string): boolean;
  snapshot(productId: string): BookSnapshotEvent | null;
  book(productId: string): OrderBook | null;
  /** Replaces the book and tells the listeners; `quiet` applies it without telling them. */
  applySnapshot(event: BookSnapshotEvent, options?: { quiet?: boolean }): void;
  /** Applies an update to an in-sync book and tells the listeners; ignored (false) when the book is stale. */
  applyUpdate(event: BookUpdateEvent): boolean;
  /** The product waits for a fresh snapshot; its updates are refused until then. */
  markStale(productId: string): void;
  listen(listener: (event: BookEvent) => void): () => void;
}

/** The tracked products' books and who listens to their changes. */
interface Books {
  readonly books: ReadonlyMap<string, ProductBook>;
  readonly listeners: Set<(event: BookEvent) => void>;
  readonly logger: Logger;
}

export function createMarketBooks(productIds: readonly string[], logger: Logger): MarketBooks {
  const sorted = [...new Set(productIds)].sort();
  const state: Books = {
    books: new Map(sorted.map((id) => [id, { levels: createLevelBook(), inSync: false, time: null, cached: null }])),
    listeners: new Set(),
    logger,
  };
  const { books } = state;
  return {
    products: () => sorted,
    tracks: (productId) => books.has(productId),
    inSync: (productId) => books.get(productId)?.inSync ?? false,
    snapshot(productId) {
      const held = books.get(productId);
      return held ? snapshotOf(productId, held) : null;
    },
    book(productId) {
      const held = books.get(productId);
      if (!held?.inSync) return null;
      const snapshot = snapshotOf(productId, held)!;
      return { bids: snapshot.bids, asks: snapshot.asks };
    },
    applySnapshot: (event, options = {}) => applySnapshot(state, event, options),
    applyUpdate: (event) => applyUpdate(state, event),
    markStale(productId) {
      const held = books.get(productId);
      if (held) held.inSync = false;
    },
    listen(listener) {
      state.listeners.add(listener);
      return () => void state.listeners.delete(listener);
    },
  };
}

function applySnapshot(state: Books, event: BookSnapshotEvent, options: { quiet?: boolean }): void {
  const held = state.books.get(event.productId);
  if (!held) return;
  held.levels.replace(event.bids, event.asks);
  held.inSync = true;
  held.time = event.time;
  held.cached = null;
  const applied = snapshotOf(event.productId, held)!;
  if (!options.quiet) tell(state, applied);
}

function applyUpdate(state: Books, event: BookUpdateEvent): boolean {
  const held = state.books.get(event.productId);
  if (!held?.inSync) return false;
  const applied: BookUpdateEvent = {
    kind: 'update',
    productId: event.productId,
    time: event.time,
    bids: changedLevels('bids', event.bids),
    asks: changedLevels('asks', event.asks),
  };
  for (const level of applied.bids) held.levels.set('bids', level.price, level.size);
  for (const level of applied.asks) held.levels.set('asks', level.price, level.size);
  held.time = event.time;
  held.cached = null;
  tell(state, applied);
  return true;
}

function tell(state: Books, event: BookEvent): void {
  for (const listener of state.listeners) {
    try {
      listener(event);
    } catch (error) {
      // A listener must not throw; one that does must not keep the others from the event.
      state.logger.error({ err: error, productId: event.productId }, 'market data listener threw');
    }
  }
}

function snapshotOf(productId: string, held: ProductBook): BookSnapshotEvent | null {
  if (held.time === null) return null;
  held.cached ??= {
    kind: 'snapshot',
    productId,
    time: held.time,
    bids: held.levels.levels('bids'),
    asks: held.levels.levels('asks'),
  };
  return held.cached;
}

/** Each price once (its last size), sorted as the side lists its levels. */
export function changedLevels(side: BookSide, levels: readonly BookLevel[]): BookLevel[] {
  const byPrice = new Map<string, { level: BookLevel; value: BigNumber }>();
  for (const level of levels) {
    const value = new BigNumber(level.price);
    byPrice.set(value.toFixed(), { level: { price: level.price, size: level.size }, value });
  }
  return [...byPrice.values()].sort((a, b) => compareOnSide(side, a.value, b.value)).map(({ level }) => level);
}
