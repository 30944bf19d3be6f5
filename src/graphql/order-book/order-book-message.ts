// One order-book message as schema.graphql's OrderBookUpdate type has it, built from a market-data
// event (src/domain/market-data/market-data-feed.ts). The sequence is left as a mark: it differs
// per subscriber, and is put in after the message is serialized once (order-book-renderer.ts).
import type { OrderBookUpdate } from '../../../generated/graphql/resolver-types.ts';
import type { BookEvent } from '../../domain/market-data/market-data-feed.ts';

/** The largest GraphQL Int: no real sequence reaches it, and no other field of OrderBookUpdate is an Int. */
export const sequenceMark = 2_147_483_647;

export type OrderBookMessage = Required<Omit<OrderBookUpdate, '__typename'>>;

export function orderBookMessage(event: BookEvent): OrderBookMessage {
  return {
    productId: event.productId,
    type: event.kind === 'snapshot' ? 'SNAPSHOT' : 'L2UPDATE',
    sequence: sequenceMark,
    time: event.time,
    bids: event.bids.map(level),
    asks: event.asks.map(level),
  };
}

function level(entry: { price: string; size: string }) {
  return { price: entry.price, size: entry.size };
}
