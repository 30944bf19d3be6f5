// Values a holder's holdings, summed by symbol, at the current coin prices (schema.graphql
// NetWorth, NetWorthBreakdownItem, DigitalAsset) in exact decimals (docs/providers.md#rounding).
// Where rounding happens: each asset's USD value is its balance × unit price rounded once to
// cents; the net worth is the exact sum of every balance × price, rounded once to cents at the
// end, so it does not depend on how holdings are grouped (it may differ by a cent or so from the
// sum of the rounded items). Shares are taken of the exact figures. A price older than the maximum
// age counts as none (docs/providers.md#staleness): the asset is unpriced, left out of the total.
import type { AggregateHoldingRow } from '../../records/wallets/holdings-aggregate-table.ts';
import { compareDecimal, multiply, parseDecimal, percentOf, roundUsd, sum } from '../money/decimal.ts';

export interface PortfolioAssetView {
  name: string;
  symbol: string;
  balance: string;
  value: string;
  decimals: number;
  unitPriceUsd: string | null;
  usdValue: string | null;
  allocationPerc: number | null;
  priceUpdatedAt: string | null;
  walletIds: number[];
}

export interface NetWorthBreakdownItemView {
  symbol: string;
  usdValue: string;
  sharePerc: number;
}

export interface PortfolioValuation {
  /** The exact sum of the priced holdings, rounded once to cents. */
  usdValue: string;
  /** Largest USD value first, unpriced last, then by symbol. */
  assets: PortfolioAssetView[];
  /** The priced assets, in the order of `assets`. */
  breakdown: NetWorthBreakdownItemView[];
  unpricedAssetCount: number;
}

/** A holding with its exact USD value (null when unpriced), before shares are known. */
interface Priced {
  asset: PortfolioAssetView;
  exactUsd: string | null;
}

export function valuePortfolio(
  holdings: readonly AggregateHoldingRow[],
  isStale: (priceUpdatedAt: Date) => boolean,
): PortfolioValuation {
  const priced = holdings.map((holding) => priceHolding(holding, isStale));
  const exactTotal = sum(priced.flatMap(({ exactUsd }) => exactUsd ?? []));
  for (const { asset, exactUsd } of priced) if (exactUsd !== null) asset.allocationPerc = shareOf(exactUsd, exactTotal);
  const assets = priced.map(({ asset }) => asset).sort(byUsdValueThenSymbol);
  return {
    usdValue: roundUsd(exactTotal),
    assets,
    breakdown: assets.flatMap((asset) =>
      asset.usdValue === null
        ? []
        : [{ symbol: asset.symbol, usdValue: asset.usdValue, sharePerc: asset.allocationPerc ?? 0 }],
    ),
    unpricedAssetCount: assets.filter((asset) => asset.usdValue === null).length,
  };
}

function priceHolding(holding: AggregateHoldingRow, isStale: (priceUpdatedAt: Date) => boolean): Priced {
  const balance = parseDecimal(holding.balance, 'a summed balance');
  const current = holding.usdPrice !== null && holding.priceUpdatedAt !== null && !isStale(holding.priceUpdatedAt);
  const unitPriceUsd = current ? parseDecimal(holding.usdPrice, 'a stored price') : null;
  const exactUsd = unitPriceUsd === null ? null : multiply(balance, unitPriceUsd);
  return {
    exactUsd,
    asset: {
      name: holding.name,
      symbol: holding.symbol,
      balance,
      value: balance,
      decimals: holding.decimals,
      unitPriceUsd,
      usdValue: exactUsd === null ? null : roundUsd(exactUsd),
      allocationPerc: null,
      priceUpdatedAt: current ? (holding.priceUpdatedAt as Date).toISOString() : null,
      walletIds: holding.walletIds,
    },
  };
}

/** Percent of the whole; 0 when the whole is zero (every priced holding worth nothing). */
function shareOf(part: string, whole: string): number {
  return compareDecimal(whole, '0') === 0 ? 0 : percentOf(part, whole);
}

/** schema.graphql DigitalAssetPage order: `usdValue` descending, unpriced last, then `symbol`. */
export function byUsdValueThenSymbol(left: PortfolioAssetView, right: PortfolioAssetView): number {
  if (left.usdValue !== null && right.usdValue !== null) {
    const byValue = compareDecimal(right.usdValue, left.usdValue);
    if (byValue !== 0) return byValue;
  } else if (left.usdValue !== right.usdValue) {
    return left.usdValue === null ? 1 : -1;
  }
  return left.symbol < right.symbol ? -1 : left.symbol > right.symbol ? 1 : 0;
}
