// A quote of the price source as a `coin_price` row (docs/providers.md#rounding): the price
// rounded half away from zero to the column's 18 places, the market cap to cents, and refused
// when it cannot fit its column, rather than failing the whole refresh on one bad quote.
import type { CoinPriceRow } from '../../access/prices/coin-price-table.ts';
import type { CoinPriceQuote } from '../../providers/coin-prices/coin-prices-provider.ts';
import { fitsNumeric, parseDecimal, roundDecimal } from '../money/decimal.ts';

/** `coin_price.usd_price numeric(38, 18)` and `market_cap_usd numeric(38, 2)`. */
const priceColumn = { precision: 38, scale: 18 } as const;
const marketCapColumn = { precision: 38, scale: 2 } as const;
/** `market_cap_rank integer`. */
const maxRank = 2_147_483_647;

export type RowOrRefusal = { row: CoinPriceRow } | { refused: string };

export function coinPriceRow(quote: CoinPriceQuote): RowOrRefusal {
  const price = parseDecimal(quote.usdPrice, `${quote.symbol} usdPrice`);
  if (!fitsNumeric(price, priceColumn.precision, priceColumn.scale)) {
    return { refused: `${quote.symbol}: usdPrice ${price.slice(0, 40)} does not fit numeric(38, 18)` };
  }
  let marketCap: string | null = null;
  if (quote.marketCapUsd !== null) {
    const parsed = parseDecimal(quote.marketCapUsd, `${quote.symbol} marketCapUsd`);
    // An absurd market cap is dropped, not the price: the price is what valuations need.
    marketCap = fitsNumeric(parsed, marketCapColumn.precision, marketCapColumn.scale)
      ? roundDecimal(parsed, marketCapColumn.scale)
      : null;
  }
  const rank = quote.marketCapRank !== null && quote.marketCapRank <= maxRank ? quote.marketCapRank : null;
  return {
    row: {
      symbol: quote.symbol,
      usdPrice: roundDecimal(price, priceColumn.scale),
      marketCapUsd: marketCap,
      marketCapRank: rank,
      updatedAt: quote.updatedAt,
    },
  };
}
