// An orderBookUpdates subscriber of the many-node test (docs/market-data.md#fan-out) over graphql-ws
// through the balancer: the node that took its socket (the 101's `x-served-by`) and every message
// with the moment it arrived, to time a failover by.
import * as assert from 'uvu/assert';
import { eventRecorder, type EventRecorder } from '../../support/event-recorder.ts';
import { type GraphqlSocket, openGraphqlSocket, type SocketMessage } from '../../support/graphql-socket.ts';

export interface Arrival {
  readonly message: SocketMessage;
  /** `performance.now()` when it arrived. */
  readonly at: number;
}

export interface BookSubscriber {
  readonly socket: GraphqlSocket;
  readonly servedBy: string;
  readonly arrivals: EventRecorder<Arrival>;
}

export interface BookUpdate {
  productId: string;
  type: 'SNAPSHOT' | 'L2UPDATE';
}

const subscription = 'subscription ($p: [String!]) { orderBookUpdates(productIds: $p) { productId type } }';

export async function subscribeToBooks(
  url: string,
  apiKey: string,
  products: readonly string[],
): Promise<BookSubscriber> {
  const arrivals = eventRecorder<Arrival>();
  const { socket, acknowledged } = await openGraphqlSocket(
    url,
    { apiKey },
    { onMessage: (message, at) => arrivals.record({ message, at }) },
  );
  assert.ok(acknowledged, 'the socket was acknowledged');
  void socket.operation('books', subscription, { p: products });
  return { socket, servedBy: String(socket.upgradeHeaders['x-served-by']), arrivals };
}

export const bookUpdate = (arrival: Arrival): BookUpdate | undefined => arrival.message.payload?.data?.orderBookUpdates;

/** Resolves once a SNAPSHOT of every product and `updates` L2UPDATEs have come: the books are live. */
export function liveBooks(subscriber: BookSubscriber, products: readonly string[], updates: number): Promise<void> {
  return subscriber.arrivals.until(`live books through node ${subscriber.servedBy}`, () => {
    const seen = subscriber.arrivals.events.map(bookUpdate).filter((u) => u !== undefined);
    return (
      products.every((id) => seen.some((u) => u.productId === id && u.type === 'SNAPSHOT')) &&
      seen.filter((u) => u.type === 'L2UPDATE').length >= updates
    );
  });
}

/** When the last product's first SNAPSHOT after the `mark`-th message arrived; waits for all of them. */
export async function freshSnapshotsAt(
  subscriber: BookSubscriber,
  mark: number,
  products: readonly string[],
): Promise<number> {
  const firstSnapshot = (id: string) =>
    subscriber.arrivals.events
      .slice(mark)
      .find((a) => bookUpdate(a)?.productId === id && bookUpdate(a)?.type === 'SNAPSHOT');
  await subscriber.arrivals.until('a fresh SNAPSHOT of every product', () => products.every((id) => firstSnapshot(id)));
  return Math.max(...products.map((id) => firstSnapshot(id)!.at));
}
