// The port the order-book subscription and OTC pricing read market data through
// (docs/market-data.md): one book per tracked product, kept from a Coinbase-style level2 feed,
// and the events that changed it, in order. A fresh snapshot event follows any upstream gap or
// reconnect, so a listener that replays the events holds the same book as the feed.
import type { BookLevel, OrderBookSource } from './order-book-source.ts';

/** The whole book of a product: bids highest price first, asks lowest price first. */
export interface BookSnapshotEvent {
  readonly kind: 'snapshot';
  /** `BASE-QUOTE`, for example `BTC-USD`. */
  readonly productId: string;
  /** Exchange time, ISO 8601 UTC. */
  readonly time: string;
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

/** Changed levels only: each `size` is the new absolute size, `"0"` removes the level. */
export interface BookUpdateEvent {
  readonly kind: 'update';
  readonly productId: string;
  readonly time: string;
  /** Changed bid levels, highest price first. */
  readonly bids: readonly BookLevel[];
  /** Changed ask levels, lowest price first. */
  readonly asks: readonly BookLevel[];
}

export type BookEvent = BookSnapshotEvent | BookUpdateEvent;

export interface MarketDataFeed extends OrderBookSource {
  /** The products the feed tracks, sorted; fixed for the feed's life. */
  products(): readonly string[];
  /** The product's current book, or null while it has none yet (before its first snapshot). */
  snapshot(productId: string): BookSnapshotEvent | null;
  /**
   * Calls `listener` for every event, synchronously and after the book has applied it, until the
   * returned function is called. A listener must not throw.
   */
  listen(listener: (event: BookEvent) => void): () => void;
  /** Stops the feed: closes its upstream connection and timers. */
  close(): Promise<void>;
}
