// The market data port of the providers (docs/market-data.md#the-simulator): where a level2 feed is
// served, and a way to open a client on it. The same WebSocket client runs against MARKET_DATA_URL
// and against the simulator, which is served over loopback when no URL is set.
import type { Level2Client, Level2ClientOptions } from './level2-websocket-client.ts';
import type { MarketDataSimulatorServer } from './market-data-simulator-server.ts';

export interface MarketDataProvider {
  /** `simulator` or `websocket`, for logs. */
  readonly kind: 'simulator' | 'websocket';
  /** The level2 WebSocket URL clients connect to. */
  readonly url: string;
  /** Opens a client on `url`; it connects at once and reconnects until closed. */
  connect(options: Omit<Level2ClientOptions, 'url' | 'logger'>): Level2Client;
  /** The simulator's server when no URL is configured (its test controls); null otherwise. */
  readonly simulator: MarketDataSimulatorServer | null;
  /** Stops the simulator's server, if any; clients are closed by whoever opened them. */
  close(): Promise<void>;
}
