// The market data feed on one upstream level2 connection (docs/market-data.md#the-client): the
// provider's client hands over each product's snapshot and its updates in sequence, the books
// apply them, and the listeners get them as book events. After a gap or a reconnect the client
// asks for a fresh snapshot, and the feed's next event for the product is that snapshot.
import type { Logger } from 'pino';
import type { Level2Snapshot, Level2Update } from '../../providers/market-data/level2-messages.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { BookLevel } from './order-book-source.ts';
import { createMarketBooks } from './market-books.ts';
import type { BookSnapshotEvent, BookUpdateEvent, MarketDataFeed } from './market-data-feed.ts';

export interface UpstreamFeedOptions {
  readonly provider: MarketDataProvider;
  readonly productIds: readonly string[];
  readonly logger: Logger;
  /** Passed to the client (tests shorten the reconnect waits). */
  readonly backoff?: { initialMs?: number; maxMs?: number };
}

export interface UpstreamFeed extends MarketDataFeed {
  /** Whether the product's book follows the source now (a snapshot, and no gap since). */
  inSync(productId: string): boolean;
}

export function createUpstreamFeed(options: UpstreamFeedOptions): UpstreamFeed {
  const books = createMarketBooks(options.productIds, options.logger);
  const client = options.provider.connect({
    productIds: books.products(),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    handler: {
      snapshot: (message) => books.applySnapshot(snapshotEvent(message)),
      update: (message) => void books.applyUpdate(updateEvent(message)),
      stale: (productId) => books.markStale(productId),
    },
  });
  return {
    products: () => books.products(),
    snapshot: (productId) => books.snapshot(productId),
    book: async (productId) => books.book(productId),
    inSync: (productId) => books.inSync(productId),
    listen: (listener) => books.listen(listener),
    close: () => client.close(),
  };
}

export function snapshotEvent(message: Level2Snapshot): BookSnapshotEvent {
  return {
    kind: 'snapshot',
    productId: message.product_id,
    time: message.time,
    bids: message.bids.map(([price, size]) => ({ price, size })),
    asks: message.asks.map(([price, size]) => ({ price, size })),
  };
}

export function updateEvent(message: Level2Update): BookUpdateEvent {
  const bids: BookLevel[] = [];
  const asks: BookLevel[] = [];
  for (const [side, price, size] of message.changes) (side === 'buy' ? bids : asks).push({ price, size });
  return { kind: 'update', productId: message.product_id, time: message.time, bids, asks };
}
