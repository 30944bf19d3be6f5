// Builds the coin prices area for the composition root (docs/providers.md#coin-prices): the price
// source (COIN_PRICES_URL, else the simulator quoting the simulated market the market data
// simulator follows, docs/market-data.md#the-simulated-market), the periodic refresh of `coin_price` (stopped at shutdown, after a refresh in flight ends; each
// refresh that wrote prices drops the cached results valued at the old ones), and the business
// API's coin price service.
import type { Logger } from 'pino';
import type { ResultCache } from '../cache/result-cache.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { coinPriceTag, createCoinPriceService } from '../domain/prices/coin-price-service.ts';
import { createPriceRefresh } from '../domain/prices/price-refresh.ts';
import { createCoinPricesProvider } from '../providers/coin-prices/create-coin-prices-provider.ts';
import { createSimulatedMarket, type SimulatedMarket } from '../providers/simulated-market/simulated-market.ts';
import type { ShutdownStep } from './shutdown-steps.ts';

export function createPrices(deps: {
  config: Config;
  db: Db;
  results: ResultCache;
  logger: Logger;
  /** The market the simulator quotes; by default one of SIMULATED_MARKET_SEED. */
  market?: SimulatedMarket;
}) {
  const { providers } = deps.config;
  const market = deps.market ?? createSimulatedMarket({ seed: providers.simulatedMarketSeed });
  const refresh = createPriceRefresh({
    db: deps.db,
    provider: createCoinPricesProvider({ url: providers.coinPricesUrl, logger: deps.logger, simulator: { market } }),
    intervalMs: providers.coinPricesRefreshMs,
    maxAgeMs: providers.coinPricesMaxAgeMs,
    logger: deps.logger,
    onWritten: () => deps.results.invalidate([coinPriceTag]),
  });
  const stop: ShutdownStep = refresh.start();
  return {
    service: createCoinPriceService({ prices: refresh, results: deps.results }),
    // OTC quotes read the stored price itself, uncached (docs/trading.md#pricing).
    lookup: (symbol: string) => refresh.lookup(symbol),
    /** Refreshes now, joining a refresh already running; never throws (the value history's first step). */
    refreshNow: () => refresh.refreshNow(),
    closers: [stop],
  };
}
