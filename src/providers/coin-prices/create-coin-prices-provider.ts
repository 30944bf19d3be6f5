// Chooses the coin prices source (docs/providers.md#coin-prices): the HTTP client when
// COIN_PRICES_URL is set, otherwise the simulator.
import type { Logger } from 'pino';
import { createCoinPricesHttpClient } from './coin-prices-http-client.ts';
import { assertTimeout, httpOrigin } from '../http-json/provider-url.ts';
import type { CoinPricesProvider } from './coin-prices-provider.ts';
import { createCoinPricesSimulator, type CoinPricesSimulatorOptions } from './coin-prices-simulator.ts';

export interface CoinPricesProviderOptions {
  url?: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  /** Options of the simulator, used when no URL is set. */
  simulator?: CoinPricesSimulatorOptions;
}

export function createCoinPricesProvider(options: CoinPricesProviderOptions): CoinPricesProvider {
  const { url, timeoutMs, logger } = options;
  if (!url) {
    logger.info({ provider: 'coin-prices', mode: 'simulator' }, 'coin prices: simulator (no URL configured)');
    return createCoinPricesSimulator(options.simulator);
  }
  const origin = httpOrigin(url, 'coin prices');
  assertTimeout(timeoutMs, 'coin prices');
  logger.info({ provider: 'coin-prices', mode: 'http', origin }, 'coin prices: HTTP client');
  return createCoinPricesHttpClient({ url, timeoutMs, logger, fetch: options.fetch });
}
