// A local order book per product, kept from `orderBookUpdates` (docs/market-data.md#fan-out): a
// SNAPSHOT replaces the book, each L2UPDATE sets the absolute size of its levels ("0" removes),
// and `sequence` counts the messages of one subscription and product, 1 for the first SNAPSHOT
// and +1 per message. Each product has a subscription of its own, so a gap in one product's
// sequence (a lost message) is repaired by subscribing that product again, which starts with a
// fresh SNAPSHOT. After the connection drops, graphql-ws reconnects and subscribes again, and the
// book waits, stale, for that SNAPSHOT. Prices are keyed as exact decimals ("100.5" = "100.50").
import type { Client } from 'graphql-ws';
import { OrderBookUpdatesDocument } from '../generated/graphql-documents.ts';
import type { OrderBookUpdatesSubscription } from '../generated/graphql-types.ts';
import { type Decimal, compareDecimals, normalizeDecimal } from './decimal.ts';
import { subscribe } from './subscriptions.ts';

type Message = OrderBookUpdatesSubscription['orderBookUpdates'];

export interface OrderBookLevel {
  price: Decimal;
  size: Decimal;
}

export interface OrderBook {
  productId: string;
  /** Highest price first. */
  bids: OrderBookLevel[];
  /** Lowest price first. */
  asks: OrderBookLevel[];
  /** `sequence` of the last message applied (of the current subscription). */
  sequence: number;
  /** Exchange time of the last message applied. */
  time: Date | null;
  /** True until a SNAPSHOT arrives: at the start, after a gap, after the connection dropped. */
  stale: boolean;
}

export interface FollowOrderBooksOptions {
  /** Called after every change of a product's book, its staleness included. */
  onBook?(book: OrderBook): void;
  /** Errors of a product's subscription: GraphQL errors end it; after any other failure it is subscribed again. */
  onError?(productId: string, error: unknown): void;
  /** Wait before subscribing again after the stream ended or its connection failed for good; default 1000 ms. */
  resubscribeDelayMs?: number;
}

export interface OrderBookFollower {
  book(productId: string): OrderBook | undefined;
  /** Ends every subscription. */
  close(): void;
}

interface ProductState {
  productId: string;
  bids: Map<string, OrderBookLevel>;
  asks: Map<string, OrderBookLevel>;
  sequence: number;
  time: Date | null;
  stale: boolean;
  /** Counts the product's subscriptions, so callbacks of an ended one are ignored. */
  generation: number;
  end: () => void;
}

export function followOrderBooks(
  client: Client,
  productIds: readonly string[],
  options: FollowOrderBooksOptions = {},
): OrderBookFollower {
  const states = new Map<string, ProductState>();
  let closed = false;
  const emit = (state: ProductState) => options.onBook?.(view(state));

  const start = (state: ProductState) => {
    // Counted first: the ending subscription's own callbacks then see that they are no longer current.
    const generation = ++state.generation;
    state.end();
    const current = () => !closed && state.generation === generation;
    const again = (error?: unknown) => {
      if (!current()) return;
      if (error !== undefined) options.onError?.(state.productId, error);
      markStale(state);
      // GraphQL errors (an unknown product, a key without the `trading` scope) do not pass by
      // themselves: the product is no longer followed. A lost connection or an ended stream does.
      if (Array.isArray(error)) state.generation += 1;
      else setTimeout(() => current() && start(state), options.resubscribeDelayMs ?? 1000);
    };
    state.sequence = 0;
    state.end = subscribe(
      client,
      OrderBookUpdatesDocument,
      { productIds: [state.productId] },
      {
        next: (data) => current() && apply(state, data.orderBookUpdates),
        error: again,
        complete: () => again(),
      },
    );
  };

  const markStale = (state: ProductState) => {
    state.sequence = 0;
    if (!state.stale) {
      state.stale = true;
      emit(state);
    }
  };

  const apply = (state: ProductState, message: Message) => {
    if (message.type === 'SNAPSHOT') {
      state.bids.clear();
      state.asks.clear();
    } else if (state.stale || message.sequence !== state.sequence + 1) {
      // A message was lost: only a fresh subscription gives a book to apply updates to.
      markStale(state);
      start(state);
      return;
    }
    setLevels(state.bids, message.bids);
    setLevels(state.asks, message.asks);
    state.sequence = message.sequence;
    state.time = message.time;
    state.stale = false;
    emit(state);
  };

  // graphql-ws subscribes again after it reconnects; until the new SNAPSHOT the books are stale.
  const stopListening = client.on('closed', () => states.forEach(markStale));
  for (const productId of new Set(productIds)) {
    const state: ProductState = {
      productId,
      bids: new Map(),
      asks: new Map(),
      sequence: 0,
      time: null,
      stale: true,
      generation: 0,
      end: () => {},
    };
    states.set(productId, state);
    start(state);
  }

  return {
    book: (productId) => {
      const state = states.get(productId);
      return state && view(state);
    },
    close() {
      closed = true;
      stopListening();
      states.forEach((state) => state.end());
    },
  };
}

function setLevels(levels: Map<string, OrderBookLevel>, changes: readonly OrderBookLevel[]): void {
  for (const level of changes) {
    const price = normalizeDecimal(level.price);
    if (normalizeDecimal(level.size) === '0') levels.delete(price);
    else levels.set(price, { price: level.price, size: level.size });
  }
}

function view(state: ProductState): OrderBook {
  const sorted = (levels: Map<string, OrderBookLevel>, direction: 1 | -1) =>
    [...levels.values()].sort((a, b) => direction * compareDecimals(a.price, b.price));
  return {
    productId: state.productId,
    bids: sorted(state.bids, -1),
    asks: sorted(state.asks, 1),
    sequence: state.sequence,
    time: state.time,
    stale: state.stale,
  };
}
