// A market-data feed the test drives by hand (src/domain/market-data/market-data-feed.ts): it
// holds whatever book the test sets and hands each emitted event to its listeners, and sinks
// that record what a subscriber was sent, with a backlog the test sets.
import { parse } from 'graphql';
import type { BookEvent, BookSnapshotEvent, MarketDataFeed } from '../../../src/domain/market-data/market-data-feed.ts';
import type { SubscriptionSink } from '../../../src/graphql/subscription-sink.ts';

export interface ScriptedFeed extends MarketDataFeed {
  /** Sets the product's book, then tells the listeners, as an upstream snapshot would. */
  snapshotEvent(snapshot: BookSnapshotEvent): void;
  /** Tells the listeners of an update; `book` is the product's book after it. */
  updateEvent(event: BookEvent & { kind: 'update' }, book: BookSnapshotEvent): void;
}

export function scriptedFeed(products: readonly string[]): ScriptedFeed {
  const books = new Map<string, BookSnapshotEvent>();
  const listeners = new Set<(event: BookEvent) => void>();
  const tell = (event: BookEvent) => listeners.forEach((listener) => listener(event));
  return {
    products: () => products,
    snapshot: (productId) => books.get(productId) ?? null,
    book: async (productId) => books.get(productId) ?? null,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
    snapshotEvent(snapshot) {
      books.set(snapshot.productId, snapshot);
      tell(snapshot);
    },
    updateEvent(event, book) {
      books.set(event.productId, book);
      tell(event);
    },
  };
}

export interface RecordingSink extends SubscriptionSink {
  /** Each `next` payload, parsed. */
  readonly payloads: unknown[];
  /** The bytes the connection reports as not yet sent. */
  backlog: number;
}

export function recordingSink(id: string, query: string): RecordingSink {
  const sink: RecordingSink = {
    id,
    operation: { document: parse(query), operationName: undefined, variableValues: undefined },
    payloads: [],
    backlog: 0,
    next: (payloadJson) => sink.payloads.push(JSON.parse(payloadJson)),
    unsentBytes: () => sink.backlog,
  };
  return sink;
}

export function book(
  productId: string,
  bid: string,
  ask: string,
  time = '2026-11-24T12:00:00.000Z',
): BookSnapshotEvent {
  return {
    kind: 'snapshot',
    productId,
    time,
    bids: [{ price: bid, size: '1.5' }],
    asks: [{ price: ask, size: '2' }],
  };
}
