// A local order book per product, kept from `orderBookUpdates` (docs/market-data.md#fan-out): a
// SNAPSHOT replaces the book, each L2UPDATE sets the absolute size of its levels ("0" removes),
// and `sequence` counts the messages of one subscription and product, 1 for the first SNAPSHOT
// and +1 per message. Each product has a subscription of its own, so a gap in one product's
// sequence (a lost message) is repaired by subscribing that product again, which starts with a
// fresh SNAPSHOT. After the connection drops (a node of the service died or restarted), the helper
// reports `reconnecting`, every book is stale, and the products are subscribed again (by graphql-ws,
// or by the helper after a bounded backoff when graphql-ws gave up); each book waits for its fresh
// SNAPSHOT, which replaces it, and once every book has one the helper reports `reconnected`. A close
// for the credential (4401, 4403, 4429) is never retried: it ends following and is reported as
// `failed`. Prices are keyed as exact decimals ("100.5" = "100.50").
import type { Client } from 'graphql-ws';
import { OrderBookUpdatesDocument } from '../generated/graphql-documents.ts';
import type { OrderBookUpdatesSubscription } from '../generated/graphql-types.ts';
import { type Decimal, compareDecimals, normalizeDecimal } from './decimal.ts';
import { type ReconnectOptions, reconnectDelayMs, refusesCredential } from './reconnect-policy.ts';
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

/**
 * `connecting` until every book had its first SNAPSHOT, then `live`; `reconnecting` from a lost
 * connection until every book had a fresh SNAPSHOT; `failed` after a close for the credential.
 */
export type OrderBookFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'failed' | 'closed';

export type OrderBookStatusEvent =
  | { type: 'live' }
  /** The connection was lost (`reason`: the close event or error): every book is stale. */
  | { type: 'reconnecting'; reason: unknown }
  /** Every followed book has a fresh SNAPSHOT of the new connection. */
  | { type: 'reconnected' }
  /** The credential was refused (a close 4401, 4403 or 4429): nothing is retried. */
  | { type: 'failed'; error: unknown };

export interface FollowOrderBooksOptions {
  /** Called after every change of a product's book, its staleness included. */
  onBook?(book: OrderBook): void;
  /** Errors of a product's subscription: GraphQL errors end it; after any other failure it is subscribed again. */
  onError?(productId: string, error: unknown): void;
  /** Called when the status changes (`status()`), with what changed it. */
  onStatus?(event: OrderBookStatusEvent): void;
  /** The wait before subscribing again after the stream ended or graphql-ws gave up: 100 ms doubling to 5 s, jittered. */
  reconnect?: ReconnectOptions;
  /** @deprecated A fixed wait instead of `reconnect`'s backoff. */
  resubscribeDelayMs?: number;
}

export interface OrderBookFollower {
  book(productId: string): OrderBook | undefined;
  status(): OrderBookFeedStatus;
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
  /** Ended by a GraphQL error: no longer followed. */
  ended: boolean;
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
  let status: OrderBookFeedStatus = 'connecting';
  const emit = (state: ProductState) => options.onBook?.(view(state));
  const report = (next: OrderBookFeedStatus, event: OrderBookStatusEvent) => {
    status = next;
    options.onStatus?.(event);
  };
  const following = () => !closed && status !== 'failed';

  // One backoff for all products: `attempt` counts the waits since the last SNAPSHOT arrived.
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Set<ProductState>();
  const retryLater = (state: ProductState) => {
    waiting.add(state);
    if (retryTimer) return;
    const delay = options.resubscribeDelayMs ?? reconnectDelayMs(options.reconnect ?? {}, attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      const due = [...waiting];
      waiting.clear();
      for (const product of due) if (following()) start(product);
    }, delay);
  };

  const lostConnection = (reason: unknown) => {
    if (!following()) return;
    states.forEach(markStale);
    if (status !== 'reconnecting') report('reconnecting', { type: 'reconnecting', reason });
  };

  /** A credential refused is refused again on every retry: every subscription ends here. */
  const fail = (error: unknown) => {
    if (!following()) return;
    clearTimeout(retryTimer);
    for (const state of states.values()) {
      state.generation += 1;
      state.end();
      markStale(state);
      options.onError?.(state.productId, error);
    }
    report('failed', { type: 'failed', error });
  };

  const checkLive = () => {
    if (status !== 'connecting' && status !== 'reconnecting') return;
    if (![...states.values()].every((state) => state.ended || !state.stale)) return;
    report('live', status === 'connecting' ? { type: 'live' } : { type: 'reconnected' });
  };

  const start = (state: ProductState) => {
    // Counted first: the ending subscription's own callbacks then see that they are no longer current.
    const generation = ++state.generation;
    const current = () => following() && state.generation === generation;
    const again = (error?: unknown) => {
      if (!current()) return;
      if (refusesCredential(error)) return fail(error);
      if (error !== undefined) options.onError?.(state.productId, error);
      // GraphQL errors (an unknown product, a key without the `trading` scope) do not pass by
      // themselves: the product is no longer followed.
      if (Array.isArray(error)) {
        markStale(state);
        state.ended = true;
        state.generation += 1;
        return checkLive();
      }
      // A connection graphql-ws gave up on (1011, or its retries spent) or an ended stream.
      if (error !== undefined) lostConnection(error);
      markStale(state);
      retryLater(state);
    };
    const previous = state.end;
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
    // Ended after the new one started, so the socket is not closed for want of subscriptions.
    previous();
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
      // The connection works: the next failure waits the shortest time again.
      attempt = 0;
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
    checkLive();
  };

  // graphql-ws subscribes again after it reconnects; until the new SNAPSHOTs the books are stale.
  // A close for the credential ends following even where graphql-ws would try again (its default
  // retries 4403): the subscriptions ended, it does not reconnect.
  const stopListening = client.on('closed', (event) =>
    refusesCredential(event) ? fail(event) : lostConnection(event),
  );
  for (const productId of new Set(productIds)) {
    const state: ProductState = {
      productId,
      bids: new Map(),
      asks: new Map(),
      sequence: 0,
      time: null,
      stale: true,
      ended: false,
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
    status: () => status,
    close() {
      closed = true;
      status = 'closed';
      clearTimeout(retryTimer);
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
