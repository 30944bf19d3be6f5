// Delivers the market-data feed's events to the orderBookUpdates subscribers
// (docs/market-data.md#fan-out). Work is shared: each event is rendered once per product and
// subscription shape, and every subscriber gets the same JSON with its own sequence number.
// Events that arrive faster than they are delivered are merged per product. A
// subscriber whose connection has more than `maxUnsentBytes` waiting skips events; once it has
// caught up it gets a fresh SNAPSHOT, the conflation of all it missed. So a slow subscriber holds
// a bounded buffer and never delays the others.
import type { BookEvent, MarketDataFeed } from '../../domain/market-data/market-data-feed.ts';
import type { SubscriptionSink } from '../subscription-sink.ts';
import { orderBookMessage } from './order-book-message.ts';
import type { OrderBookRenderer, RenderedPayload } from './order-book-renderer.ts';
import { mergeBookEvents } from './merge-book-events.ts';

/** What the fan-out counts (src/observability/subscription-metrics.ts). */
export interface FanoutObserver {
  followers(delta: number): void;
  sent(type: 'SNAPSHOT' | 'L2UPDATE'): void;
  skipped(): void;
}

export interface OrderBookFanout {
  /** The products that may be followed, sorted. */
  products(): readonly string[];
  /** Follows the products for one subscription until the returned function is called. */
  follow(sink: SubscriptionSink, renderer: OrderBookRenderer, productIds: readonly string[]): () => void;
  /** Stops listening to the feed. */
  close(): void;
}

/** One subscription's stream for one product. */
interface Follower {
  readonly sink: SubscriptionSink;
  readonly renderer: OrderBookRenderer;
  /** The sequence of the last message sent; 0 before the first snapshot. */
  sequence: number;
  /** The next message must be a SNAPSHOT: nothing sent yet, or events were skipped. */
  behind: boolean;
}

/**
 * Default bound of a subscriber's unsent bytes: a dozen snapshots of a deep book. Per stuck
 * subscriber the service holds at most this much (the kernel's socket buffers come first).
 */
export const defaultMaxUnsentBytes = 64 * 1024;

interface OrderBookFanoutOptions {
  feed: MarketDataFeed;
  maxUnsentBytes?: number;
  observer?: FanoutObserver;
}

export function createOrderBookFanout(options: OrderBookFanoutOptions): OrderBookFanout {
  return new SharedOrderBookFanout(options);
}

class SharedOrderBookFanout implements OrderBookFanout {
  readonly #feed: MarketDataFeed;
  readonly #maxUnsentBytes: number;
  readonly #observer: FanoutObserver;
  readonly #followers = new Map<string, Set<Follower>>();
  readonly #renderings = new Map<string, ProductRenderings>();
  // Events wait here, merged per product, until the next turn of the event loop delivers them:
  // at once while the service keeps up, and fewer, larger messages when it does not, so delivery
  // latency stays bounded under load (merge-book-events.ts).
  #waiting = new Map<string, BookEvent>();
  #scheduled = false;
  readonly #stopListening: () => void;

  constructor(options: OrderBookFanoutOptions) {
    this.#feed = options.feed;
    this.#maxUnsentBytes = options.maxUnsentBytes ?? defaultMaxUnsentBytes;
    this.#observer = options.observer ?? ignoreCounts;
    this.#stopListening = options.feed.listen((event) => this.#receive(event));
  }

  products(): readonly string[] {
    return this.#feed.products();
  }

  follow(sink: SubscriptionSink, renderer: OrderBookRenderer, productIds: readonly string[]): () => void {
    const own = productIds.map((productId) => {
      const follower: Follower = { sink, renderer, sequence: 0, behind: true };
      groupOf(this.#followers, productId).add(follower);
      this.#deliver(follower, this.#latestRenderings(productId));
      return [productId, follower] as const;
    });
    this.#observer.followers(own.length);
    return () => {
      for (const [productId, follower] of own) this.#followers.get(productId)?.delete(follower);
      this.#observer.followers(-own.length);
    };
  }

  close(): void {
    this.#stopListening();
    this.#waiting.clear();
    this.#followers.clear();
    this.#renderings.clear();
  }

  #receive(event: BookEvent): void {
    const earlier = this.#waiting.get(event.productId);
    this.#waiting.set(event.productId, earlier ? mergeBookEvents(earlier, event) : event);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#deliverWaiting());
    }
  }

  #deliverWaiting(): void {
    this.#scheduled = false;
    const events = this.#waiting;
    this.#waiting = new Map();
    for (const [productId, event] of events) {
      const current = event.kind === 'snapshot' ? this.#feed.snapshot(productId) : event;
      if (!current) continue;
      const rendered = productRenderings(this.#feed, productId, current);
      this.#renderings.set(productId, rendered);
      for (const follower of this.#followers.get(productId) ?? []) this.#deliver(follower, rendered);
    }
  }

  #latestRenderings(productId: string): ProductRenderings {
    let rendered = this.#renderings.get(productId);
    if (!rendered) {
      rendered = productRenderings(this.#feed, productId, null);
      this.#renderings.set(productId, rendered);
    }
    return rendered;
  }

  #deliver(follower: Follower, rendered: ProductRenderings): void {
    if (follower.sink.unsentBytes() > this.#maxUnsentBytes) {
      follower.behind = true;
      this.#observer.skipped();
      return;
    }
    const type = follower.behind || !rendered.isUpdate ? 'SNAPSHOT' : 'L2UPDATE';
    const payload = type === 'SNAPSHOT' ? rendered.snapshot(follower.renderer) : rendered.update(follower.renderer);
    if (!payload) return; // no book yet: the product's first snapshot event will come
    follower.behind = false;
    follower.sequence += 1;
    follower.sink.next(payload.withSequence(follower.sequence));
    this.#observer.sent(type);
  }
}

/**
 * A product's messages since its latest event, rendered lazily once per shape: the event itself
 * and the whole current book. Replaced at the product's next event, so the book it renders is
 * the feed's book right after `event`.
 */
interface ProductRenderings {
  readonly isUpdate: boolean;
  update(renderer: OrderBookRenderer): RenderedPayload | null;
  snapshot(renderer: OrderBookRenderer): RenderedPayload | null;
}

function productRenderings(feed: MarketDataFeed, productId: string, event: BookEvent | null): ProductRenderings {
  const updates = new Map<OrderBookRenderer, RenderedPayload>();
  const snapshots = new Map<OrderBookRenderer, RenderedPayload | null>();
  return {
    isUpdate: event?.kind === 'update',
    update(renderer) {
      if (event?.kind !== 'update') return null;
      return memo(updates, renderer, () => renderer.render(orderBookMessage(event)));
    },
    snapshot(renderer) {
      return memo(snapshots, renderer, () => {
        const book = event?.kind === 'snapshot' ? event : feed.snapshot(productId);
        return book ? renderer.render(orderBookMessage(book)) : null;
      });
    },
  };
}

function memo<Key, Value>(cache: Map<Key, Value>, key: Key, compute: () => Value): Value {
  if (cache.has(key)) return cache.get(key) as Value;
  const value = compute();
  cache.set(key, value);
  return value;
}

function groupOf(followers: Map<string, Set<Follower>>, productId: string): Set<Follower> {
  let group = followers.get(productId);
  if (!group) {
    group = new Set();
    followers.set(productId, group);
  }
  return group;
}

const ignoreCounts: FanoutObserver = { followers: () => {}, sent: () => {}, skipped: () => {} };
