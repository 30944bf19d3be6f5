// A quote of the price source as a `coin_price` row (docs/providers.md#rounding): the price
// rounded half away from zero to the column's 18 places, the market cap to cents, and refused
// when it cannot fit its column, rather than failing the whole refresh on one bad quote.
import type { CoinPriceRow } from '../../records/prices/coin-price-table.ts';
import type { CoinPriceQuote } from '../../providers/coin-prices/coin-prices-provider.ts';
import { fitsNumeric, isDecimalString, parseDecimal, roundDecimal } from '../money/decimal.ts';

/** `coin_price.usd_price numeric(38, 18)` and `market_cap_usd numeric(38, 2)`. */
const priceColumn = { precision: 38, scale: 18 } as const;
const marketCapColumn = { precision: 38, scale: 2 } as const;
/** `market_cap_rank integer`. */
const maxRank = 2_147_483_647;

export type RowOrRefusal = { row: CoinPriceRow } | { refused: string };

export function coinPriceRow(quote: CoinPriceQuote): RowOrRefusal {
  const price = isDecimalString(quote.usdPrice) ? parseDecimal(quote.usdPrice) : undefined;
  if (price === undefined || price.startsWith('-')) {
    return { refused: `${quote.symbol}: usdPrice is not a non-negative decimal string` };
  }
  if (!fitsNumeric(price, priceColumn.precision, priceColumn.scale)) {
    return { refused: `${quote.symbol}: usdPrice ${price.slice(0, 40)} does not fit numeric(38, 18)` };
  }
  // An unusable market cap or rank is dropped, not the price: the price is what valuations need.
  const marketCap =
    quote.marketCapUsd !== null &&
    isDecimalString(quote.marketCapUsd) &&
    !quote.marketCapUsd.startsWith('-') &&
    fitsNumeric(quote.marketCapUsd, marketCapColumn.precision, marketCapColumn.scale)
      ? roundDecimal(quote.marketCapUsd, marketCapColumn.scale)
      : null;
  const rank =
    quote.marketCapRank !== null &&
    Number.isInteger(quote.marketCapRank) &&
    quote.marketCapRank >= 1 &&
    quote.marketCapRank <= maxRank
      ? quote.marketCapRank
      : null;
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
