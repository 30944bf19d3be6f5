// The market data fake (docs/market-data.md#the-simulator): the market data simulator served over
// loopback WebSockets for the products given, moving only when a test calls `emit`, and the
// settings that turn the service's live order books on against it.
import { createMarketDataSimulator } from '../../../src/providers/market-data/market-data-simulator.ts';
import {
  type MarketDataSimulatorServer,
  serveMarketData,
} from '../../../src/providers/market-data/market-data-simulator-server.ts';
import type { ProviderFake } from './provider-fake.ts';

export interface MarketDataFake extends ProviderFake {
  /** The served simulator: `emit`, `skipSequence`, `dropConnections` and its books. */
  readonly server: MarketDataSimulatorServer;
}

export async function startMarketDataFake(productIds: readonly string[]): Promise<MarketDataFake> {
  const server = await serveMarketData(createMarketDataSimulator({ productIds }), {
    updatesPerSecond: 0,
  });
  return {
    server,
    env: { MARKET_DATA: 'on', MARKET_DATA_URL: server.url, MARKET_DATA_PRODUCTS: productIds.join(',') },
    close: () => server.close(),
  };
}
