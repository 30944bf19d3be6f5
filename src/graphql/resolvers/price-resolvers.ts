// Coin prices (schema.graphql Query.coinPrice) from the coin price service
// (src/domain/prices/coin-price-service.ts): public market data, for any key with `read`.
import type { CoinPriceService } from '../../domain/prices/coin-price-service.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';

type PriceResolvers = { Query: Pick<ImplementedResolvers['Query'], 'coinPrice'> };

export function priceResolvers(prices: CoinPriceService): PriceResolvers {
  return {
    Query: {
      coinPrice: (_parent, { symbol, refresh }) => prices.coinPrice(symbol, { refresh: refresh ?? false }),
    },
  };
}
