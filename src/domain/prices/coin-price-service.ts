// The business API's coin price (schema.graphql Query.coinPrice; docs/providers.md#staleness):
// the stored price of the price refresh, marked stale when too old, kept in the result cache for
// 30 seconds. Prices are public market data: one entry serves every caller, whatever its scope.
import { type ResultCache, resultTtlMs } from '../../cache/result-cache.ts';
import { resultKey } from '../../cache/result-key.ts';
import { AppError } from '../../errors/app-error.ts';
import { coinSymbolPattern } from '../../providers/coin-prices/coin-prices-provider.ts';
import type { PriceRefresh } from './price-refresh.ts';

export interface CoinPriceView {
  symbol: string;
  name: string;
  usdPrice: string;
  marketCapUsd: string | null;
  rank: number | null;
  /** ISO 8601 in UTC: cached results are JSON text. */
  updatedAt: string;
  stale: boolean;
}

/** Every cached coin price carries this tag; a price refresh may drop them all. */
export const coinPriceTag = 'coin-prices';

export function createCoinPriceService(deps: { prices: PriceRefresh; results: ResultCache }) {
  return {
    /** Null when no coin has the symbol or the source has no price for it. */
    async coinPrice(symbol: string, options: { refresh?: boolean } = {}): Promise<CoinPriceView | null> {
      const normalized = symbol.trim().toUpperCase();
      if (!coinSymbolPattern.test(normalized))
        throw new AppError('VALIDATION_FAILED', 'symbol must be 1 to 15 letters or digits, for example BTC', {
          details: [{ path: 'symbol', message: 'not a coin symbol' }],
        });
      const refresh = options.refresh ?? false;
      return deps.results.load(
        resultKey('coinPrice', { symbol: normalized }, 'public'),
        async () => {
          const found = await deps.prices.lookup(normalized, { refresh });
          if (!found) return null;
          return {
            symbol: found.symbol,
            name: found.name,
            usdPrice: found.usdPrice,
            marketCapUsd: found.marketCapUsd,
            rank: found.marketCapRank,
            updatedAt: found.updatedAt.toISOString(),
            stale: found.stale,
          };
        },
        { ttlMs: resultTtlMs.query, refresh, tags: [coinPriceTag] },
      );
    },
  };
}

export type CoinPriceService = ReturnType<typeof createCoinPriceService>;
