// The messages of the market data relay (docs/market-data.md#relay-through-redis): a book event as
// the leader publishes it, with the leadership that published it and its number in that
// leadership's sequence for the product, and a node's request for fresh snapshots. Read back
// defensively: a message that is not one (another program on the channel, a version skew) is
// refused, never half applied.
import { isDecimalString } from '../money/decimal.ts';
import type { BookLevel } from './order-book-source.ts';
import type { BookEvent } from './market-data-feed.ts';

export interface RelayMessage {
  /** The leader's node id and epoch: numbers compare only within one leadership. */
  readonly leader: string;
  /** The leadership's epoch, counted by the bus: a message of an epoch older than one seen is a stale leader's. */
  readonly epoch: number;
  /** 1, 2, 3… per product within the leadership. */
  readonly sequence: number;
  /** A snapshot sent again because a node asked; a node already in step applies it quietly. */
  readonly resend: boolean;
  readonly event: BookEvent;
}

/** The message, or null when `text` is not one for a tracked product. */
export function readRelayMessage(text: string, tracks: (productId: string) => boolean): RelayMessage | null {
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { leader, epoch, sequence, resend, event } = json;
  if (typeof leader !== 'string' || !isCount(epoch) || !isCount(sequence) || typeof resend !== 'boolean') return null;
  if (typeof event !== 'object' || event === null) return null;
  if (event.kind !== 'snapshot' && event.kind !== 'update') return null;
  if (typeof event.productId !== 'string' || !tracks(event.productId) || typeof event.time !== 'string') return null;
  if (!isLevels(event.bids) || !isLevels(event.asks)) return null;
  const bookEvent: BookEvent = {
    kind: event.kind,
    productId: event.productId,
    time: event.time,
    bids: event.bids,
    asks: event.asks,
  };
  return { leader, epoch, sequence, resend, event: bookEvent };
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

function isLevels(value: unknown): value is BookLevel[] {
  return (
    Array.isArray(value) &&
    value.every(
      (level) =>
        typeof level === 'object' &&
        level !== null &&
        isDecimalString(level.price) &&
        isDecimalString(level.size) &&
        !level.price.startsWith('-') &&
        !level.size.startsWith('-'),
    )
  );
}

/** A node's request for fresh snapshots of `productIds`, as it is published. */
export function snapshotRequest(productIds: readonly string[]): string {
  return JSON.stringify({ productIds });
}

/** The tracked products a request asks snapshots of; none when `text` is not a request. */
export function readSnapshotRequest(text: string, tracks: (productId: string) => boolean): string[] {
  let productIds: unknown;
  try {
    productIds = (JSON.parse(text) as { productIds?: unknown }).productIds;
  } catch {
    return [];
  }
  if (!Array.isArray(productIds)) return [];
  return productIds.filter((productId): productId is string => typeof productId === 'string' && tracks(productId));
}
