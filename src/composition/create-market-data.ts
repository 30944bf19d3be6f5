// The market data area for the composition root (docs/market-data.md): books of the products
// MARKET_DATA_PRODUCTS lists, else of the trading products that are not delisted, fed by the level2
// client against MARKET_DATA_URL or the simulator on loopback (following the simulated market the
// coin prices simulator quotes, docs/market-data.md#the-simulated-market), relayed through Redis
// when REDIS_URL is set so every node holds the same books. The feed is OTC pricing's order book
// source and the order book subscription's source; the close step stops it and the simulator.
// MARKET_DATA=off keeps no books (quotes are priced from the coin prices).
import type { Logger } from 'pino';
import { listListedProductIds } from '../records/trading/trading-product-table.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import type { MarketDataFeed } from '../domain/market-data/market-data-feed.ts';
import { createRelayedFeed } from '../domain/market-data/relayed-feed.ts';
import { createUpstreamFeed } from '../domain/market-data/upstream-feed.ts';
import { noOrderBooks } from '../domain/market-data/order-book-source.ts';
import { createMarketDataProvider } from '../providers/market-data/create-market-data-provider.ts';
import { RedisRelayBus } from '../providers/market-data/redis-relay-bus.ts';
import { redisKeyPrefixes } from './redis-keys.ts';
import { createSimulatedMarket, type SimulatedMarket } from '../providers/simulated-market/simulated-market.ts';
import type { ShutdownStep } from './shutdown-steps.ts';

export interface MarketData {
  /** Null with MARKET_DATA=off. */
  readonly feed: MarketDataFeed | null;
  readonly closers: ShutdownStep[];
}

export async function createMarketData(deps: {
  config: Config;
  db: Db;
  logger: Logger;
  /** The market the simulator's books follow; by default one of SIMULATED_MARKET_SEED. */
  market?: SimulatedMarket;
}): Promise<MarketData> {
  const { config, logger } = deps;
  if (!config.providers.marketData) {
    logger.info({ area: 'market-data' }, 'market data off (MARKET_DATA=off): quotes are priced from coin prices');
    return { feed: null, closers: [] };
  }
  const productIds = config.providers.marketDataProducts ?? (await listListedProductIds(deps.db));
  const market = deps.market ?? createSimulatedMarket({ seed: config.providers.simulatedMarketSeed });
  const provider = await createMarketDataProvider({
    url: config.providers.marketDataUrl,
    productIds,
    logger,
    simulator: { market },
  });
  try {
    const feed = config.redisUrl
      ? await createRelayedFeed({
          provider,
          productIds,
          bus: new RedisRelayBus({ url: config.redisUrl, logger, keyPrefix: redisKeyPrefixes(config).marketData }),
          logger,
        })
      : createUpstreamFeed({ provider, productIds, logger });
    return {
      feed,
      closers: [
        async () => {
          await feed.close();
          await provider.close();
        },
      ],
    };
  } catch (error) {
    await provider.close();
    throw error;
  }
}

/** The feed as OTC pricing's order book source; none with market data off. */
export function orderBooksOf(marketData: MarketData) {
  return marketData.feed ?? noOrderBooks;
}
