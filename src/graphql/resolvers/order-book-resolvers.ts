// Subscription.orderBookUpdates (schema.graphql): the products' level2 messages, delivered by the
// order-book fan-out straight to the subscriber's connection (docs/market-data.md#fan-out). The
// subscription's event stream therefore yields nothing: it stays open until the client completes
// it or leaves, and then stops following. Market data is public: any key with `trading` scope.
import { AppError } from '../../errors/app-error.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import type { OrderBookFanout } from '../order-book/order-book-fanout.ts';
import type { OrderBookMessage } from '../order-book/order-book-message.ts';
import { createOrderBookRenderers } from '../order-book/order-book-renderers.ts';

type OrderBookResolvers = { Subscription: Pick<ImplementedResolvers['Subscription'], 'orderBookUpdates'> };

export function orderBookResolvers(fanout: OrderBookFanout | null): OrderBookResolvers {
  const renderers = createOrderBookRenderers();
  return {
    Subscription: {
      orderBookUpdates: {
        subscribe: (_parent, { productIds }, context, info) => {
          const sink = context.subscription;
          if (!sink)
            throw new AppError('BAD_REQUEST', 'orderBookUpdates is a subscription: use graphql-ws on /graphql');
          if (!fanout)
            throw new AppError('SERVICE_UNAVAILABLE', 'market data is off (MARKET_DATA=off): no order books');
          const followed = followedProducts(productIds, fanout.products());
          return openUntilReturned(fanout.follow(sink, renderers.of(info.schema, sink.operation, context), followed));
        },
        resolve: (event: { orderBookUpdates: OrderBookMessage }) => event.orderBookUpdates,
      },
    },
  };
}

/** The products to follow: all tracked ones when none are named; refuses an empty list and unknown ids. */
export function followedProducts(
  requested: readonly string[] | null | undefined,
  tracked: readonly string[],
): string[] {
  if (requested == null) return [...tracked];
  if (requested.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'productIds is empty: name at least one product, or omit it to follow all');
  }
  const unknown = requested.filter((productId) => !tracked.includes(productId));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `unknown products: ${unknown.join(', ')}; the service tracks ${tracked.join(', ') || 'none'}`,
    );
  }
  return [...new Set(requested)];
}

/** An event stream that yields nothing and ends when it is returned, calling `stop` then. */
function openUntilReturned(stop: () => void): AsyncIterableIterator<never> {
  let end: (result: IteratorResult<never>) => void = () => {};
  const ended = new Promise<IteratorResult<never>>((resolve) => (end = resolve));
  let open = true;
  const finish = async (): Promise<IteratorResult<never>> => {
    if (open) {
      open = false;
      stop();
      end({ done: true, value: undefined });
    }
    return { done: true, value: undefined };
  };
  return {
    next: () => ended,
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
