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
  return new OrderBookFeed(client, productIds, options);
}

/** The books of `followOrderBooks`: one subscription per product, one backoff for all of them. */
class OrderBookFeed implements OrderBookFollower {
  readonly #client: Client;
  readonly #options: FollowOrderBooksOptions;
  readonly #states = new Map<string, ProductState>();
  #closed = false;
  #status: OrderBookFeedStatus = 'connecting';
  /** Counts the waits since the last SNAPSHOT arrived. */
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #waiting = new Set<ProductState>();
  readonly #stopListening: () => void;

  constructor(client: Client, productIds: readonly string[], options: FollowOrderBooksOptions) {
    this.#client = client;
    this.#options = options;
    // graphql-ws subscribes again after it reconnects; until the new SNAPSHOTs the books are stale.
    // A close for the credential ends following even where graphql-ws would try again (its default
    // retries 4403): the subscriptions ended, it does not reconnect.
    this.#stopListening = client.on('closed', (event) =>
      refusesCredential(event) ? this.#fail(event) : this.#lostConnection(event),
    );
    for (const productId of new Set(productIds)) {
      const state = newProductState(productId);
      this.#states.set(productId, state);
      this.#start(state);
    }
  }

  book(productId: string): OrderBook | undefined {
    const state = this.#states.get(productId);
    return state && view(state);
  }

  status(): OrderBookFeedStatus {
    return this.#status;
  }

  close(): void {
    this.#closed = true;
    this.#status = 'closed';
    clearTimeout(this.#retryTimer);
    this.#stopListening();
    this.#states.forEach((state) => state.end());
  }

  #following(): boolean {
    return !this.#closed && this.#status !== 'failed';
  }

  #report(next: OrderBookFeedStatus, event: OrderBookStatusEvent): void {
    this.#status = next;
    this.#options.onStatus?.(event);
  }

  #emit(state: ProductState): void {
    this.#options.onBook?.(view(state));
  }

  /** Subscribes the product (again): a fresh subscription starts with a SNAPSHOT. */
  #start(state: ProductState): void {
    // Counted first: the ending subscription's own callbacks then see that they are no longer current.
    const generation = ++state.generation;
    const current = () => this.#following() && state.generation === generation;
    const ended = (error?: unknown) => current() && this.#subscriptionEnded(state, error);
    const previous = state.end;
    state.sequence = 0;
    state.end = subscribe(
      this.#client,
      OrderBookUpdatesDocument,
      { productIds: [state.productId] },
      {
        next: (data) => current() && this.#apply(state, data.orderBookUpdates),
        error: ended,
        complete: () => ended(),
      },
    );
    // Ended after the new one started, so the socket is not closed for want of subscriptions.
    previous();
  }

  /** The product's current subscription ended: with an error, or its stream completed. */
  #subscriptionEnded(state: ProductState, error: unknown): void {
    if (refusesCredential(error)) return this.#fail(error);
    if (error !== undefined) this.#options.onError?.(state.productId, error);
    // GraphQL errors (an unknown product, a key without the `trading` scope) do not pass by
    // themselves: the product is no longer followed.
    if (Array.isArray(error)) {
      this.#markStale(state);
      state.ended = true;
      state.generation += 1;
      return this.#checkLive();
    }
    // A connection graphql-ws gave up on (1011, or its retries spent) or an ended stream.
    if (error !== undefined) this.#lostConnection(error);
    this.#markStale(state);
    this.#retryLater(state);
  }

  /** One backoff for all products: those due are subscribed again together. */
  #retryLater(state: ProductState): void {
    this.#waiting.add(state);
    if (this.#retryTimer) return;
    const delay = this.#options.resubscribeDelayMs ?? reconnectDelayMs(this.#options.reconnect ?? {}, this.#attempt++);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      const due = [...this.#waiting];
      this.#waiting.clear();
      for (const product of due) if (this.#following()) this.#start(product);
    }, delay);
  }

  #lostConnection(reason: unknown): void {
    if (!this.#following()) return;
    this.#states.forEach((state) => this.#markStale(state));
    if (this.#status !== 'reconnecting') this.#report('reconnecting', { type: 'reconnecting', reason });
  }

  /** A credential refused is refused again on every retry: every subscription ends here. */
  #fail(error: unknown): void {
    if (!this.#following()) return;
    clearTimeout(this.#retryTimer);
    for (const state of this.#states.values()) {
      state.generation += 1;
      state.end();
      this.#markStale(state);
      this.#options.onError?.(state.productId, error);
    }
    this.#report('failed', { type: 'failed', error });
  }

  #checkLive(): void {
    if (this.#status !== 'connecting' && this.#status !== 'reconnecting') return;
    if (![...this.#states.values()].every((state) => state.ended || !state.stale)) return;
    this.#report('live', this.#status === 'connecting' ? { type: 'live' } : { type: 'reconnected' });
  }

  #markStale(state: ProductState): void {
    state.sequence = 0;
    if (state.stale) return;
    state.stale = true;
    this.#emit(state);
  }

  #apply(state: ProductState, message: Message): void {
    if (message.type === 'SNAPSHOT') {
      // The connection works: the next failure waits the shortest time again.
      this.#attempt = 0;
      state.bids.clear();
      state.asks.clear();
    } else if (state.stale || message.sequence !== state.sequence + 1) {
      // A message was lost: only a fresh subscription gives a book to apply updates to.
      this.#markStale(state);
      this.#start(state);
      return;
    }
    setLevels(state.bids, message.bids);
    setLevels(state.asks, message.asks);
    state.sequence = message.sequence;
    state.time = message.time;
    state.stale = false;
    this.#emit(state);
    this.#checkLive();
  }
}

function newProductState(productId: string): ProductState {
  return {
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
