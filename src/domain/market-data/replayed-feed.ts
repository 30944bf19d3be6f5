// A MarketDataFeed rebuilt from another feed's events (docs/market-data.md#fan-out): a fan-out
// worker process holds the service's books this way. The events come in the order the source
// feed told them, each product's snapshot first, so replaying them gives the source's books; an
// update for a product with no book yet is dropped (its snapshot comes before anything else).
import type { Logger } from 'pino';
import { createMarketBooks } from './market-books.ts';
import type { BookEvent, MarketDataFeed } from './market-data-feed.ts';

export interface ReplayedFeed extends MarketDataFeed {
  /** Applies one event of the source feed, then tells the listeners as the source did. */
  apply(event: BookEvent): void;
}

export function createReplayedFeed(productIds: readonly string[], logger: Logger): ReplayedFeed {
  const books = createMarketBooks(productIds, logger);
  return {
    products: () => books.products(),
    snapshot: (productId) => books.snapshot(productId),
    book: async (productId) => books.book(productId),
    listen: (listener) => books.listen(listener),
    apply(event) {
      if (event.kind === 'snapshot') books.applySnapshot(event);
      else books.applyUpdate(event);
    },
    close: async () => {},
  };
}
