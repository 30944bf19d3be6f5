// Chooses the market data source (docs/market-data.md#configuration): MARKET_DATA_URL when set,
// otherwise the simulator, served on a loopback port chosen by the system so the same WebSocket
// client code runs in both cases.
import type { Logger } from 'pino';
import { connectLevel2Client } from './level2-websocket-client.ts';
import type { MarketDataProvider } from './market-data-provider.ts';
import { createMarketDataSimulator, type MarketDataSimulatorOptions } from './market-data-simulator.ts';
import { serveMarketData, type MarketDataSimulatorServerOptions } from './market-data-simulator-server.ts';

export interface MarketDataProviderOptions {
  /** MARKET_DATA_URL (`ws:` or `wss:`); unset starts the simulator. */
  readonly url?: string | undefined;
  /** The products the simulator serves (the feed's products). */
  readonly productIds: readonly string[];
  readonly logger: Logger;
  readonly simulator?: Omit<MarketDataSimulatorOptions, 'productIds'> & MarketDataSimulatorServerOptions;
}

export async function createMarketDataProvider(options: MarketDataProviderOptions): Promise<MarketDataProvider> {
  const { logger } = options;
  if (options.url) {
    const url = websocketUrl(options.url);
    logger.info({ provider: 'market-data', mode: 'websocket', host: url.host }, 'market data: WebSocket client');
    return {
      kind: 'websocket',
      url: url.href,
      connect: (client) => connectLevel2Client({ ...client, url: url.href, logger }),
      simulator: null,
      close: async () => {},
    };
  }
  const server = await serveMarketData(
    createMarketDataSimulator({ ...options.simulator, productIds: options.productIds }),
    { ...options.simulator, host: '127.0.0.1' },
  );
  logger.info(
    { provider: 'market-data', mode: 'simulator', url: server.url },
    'market data: simulator on loopback (no URL configured)',
  );
  return {
    kind: 'simulator',
    url: server.url,
    connect: (client) => connectLevel2Client({ ...client, url: server.url, logger }),
    simulator: server,
    close: () => server.close(),
  };
}

function websocketUrl(text: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new Error(`market data: MARKET_DATA_URL must be a ws: or wss: URL, got ${url.protocol}`);
  }
  return url;
}
