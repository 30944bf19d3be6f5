// The coin price source fake (docs/providers.md#coin-prices): the quotes a test sets, served over
// loopback HTTP so the service's real HTTP client and price refresh run; it counts the times it
// was asked and, while `down`, answers as a failed source. With no quotes it knows no coin, so the
// prices the service values are the ones a test stores.
import type { CoinPriceQuote, CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';
import { serveCoinPrices } from '../../../src/providers/coin-prices/coin-prices-simulator-server.ts';
import type { ProviderFake } from './provider-fake.ts';

export interface CoinPricesFake extends ProviderFake {
  /** The quotes the source answers, by upper-case symbol. */
  readonly quotes: Map<string, CoinPriceQuote>;
  /** While true the source fails every request. */
  down: boolean;
  /** How many times the source was asked. */
  readonly asked: number;
}

export async function startCoinPricesFake(): Promise<CoinPricesFake> {
  const quotes = new Map<string, CoinPriceQuote>();
  const state = { down: false, asked: 0 };
  const source: CoinPricesProvider = {
    kind: 'simulator',
    async listPrices(symbols) {
      state.asked += 1;
      if (state.down) throw new Error('source down');
      // The HTTP client asks in lower case, as the source's API spells symbols.
      return symbols.flatMap((symbol) => quotes.get(symbol.toUpperCase()) ?? []);
    },
  };
  const server = await serveCoinPrices(source);
  return {
    quotes,
    get down() {
      return state.down;
    },
    set down(down: boolean) {
      state.down = down;
    },
    get asked() {
      return state.asked;
    },
    env: { COIN_PRICES_URL: server.url },
    close: () => server.close(),
  };
}
