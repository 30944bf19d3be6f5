// The coin prices port (docs/providers.md#coin-prices, docs/domain.md#trading): the USD price,
// market cap and rank of coins by symbol, with the time the source last updated each price.
// Implemented by the HTTP client and by the simulator, which both check symbols here so they
// refuse the same input.
import { AppError } from '../../errors/app-error.ts';

export interface CoinPriceQuote {
  /** Ticker symbol in upper case, e.g. `BTC`. */
  symbol: string;
  /** The source's name of the coin, e.g. `Bitcoin`; null when it gives none. */
  name: string | null;
  /** USD per whole coin: a non-negative decimal string in plain notation, never a float. */
  usdPrice: string;
  /** Market capitalization in USD, a decimal string; null when the source does not report it. */
  marketCapUsd: string | null;
  /** Rank by market capitalization, 1 the largest; null when unknown. */
  marketCapRank: number | null;
  /** When the source last updated this price. */
  updatedAt: Date;
}

export interface CoinPricesProvider {
  /** `simulator` or `http`, for logs. */
  readonly kind: 'simulator' | 'http';
  /**
   * The prices of those `symbols` the source knows, in the order asked (each symbol once);
   * a symbol the source does not know is left out. Symbols are case-insensitive.
   */
  listPrices(symbols: readonly string[]): Promise<CoinPriceQuote[]>;
}

/** The `coin` table's rule for a symbol (src/db/migrations/0001-initial-schema.ts). */
export const coinSymbolPattern = /^[A-Z0-9]{1,15}$/;

/** Upper case, each once, in order; BAD_REQUEST naming every symbol that cannot be one. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  const normalized = symbols.map((symbol) => (typeof symbol === 'string' ? symbol.trim().toUpperCase() : ''));
  const bad = symbols.filter((_symbol, index) => !coinSymbolPattern.test(normalized[index]!));
  if (bad.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `not a coin symbol (1 to 15 letters or digits): ${bad
        .slice(0, 5)
        .map((symbol) => JSON.stringify(String(symbol).slice(0, 20)))
        .join(', ')}`,
    );
  }
  return [...new Set(normalized)];
}
