// Values a holder's holdings, summed by symbol, at the current coin prices (schema.graphql
// NetWorth, NetWorthBreakdownItem, DigitalAsset) in exact decimals, by the one rule the data layer
// serves too (docs/valuation.md#the-rounding-rule): a holding (one wallet's balance of one coin) is
// worth its balance × unit price rounded half away from zero to cents, the figure
// digital_wallet_asset.usd_value stores; an asset is worth the exact sum of its holdings, a net
// worth the exact sum of its assets. So the data layer's sum of usd_value over the same holdings is
// the same figure, to the cent. Shares are taken of these figures. A price older than the maximum
// age counts as none (docs/providers.md#staleness): the asset is unpriced, left out of the total.
import type { AggregateHoldingRow } from '../../records/wallets/holdings-aggregate-table.ts';
import { compareDecimal, parseDecimal, percentOf, roundUsd, sum } from '../money/decimal.ts';

export interface PortfolioAssetView {
  name: string;
  symbol: string;
  balance: string;
  availableBalance: string;
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
  /** The exact sum of the priced assets' USD values. */
  usdValue: string;
  /** Largest USD value first, unpriced last, then by symbol. */
  assets: PortfolioAssetView[];
  /** The priced assets, in the order of `assets`. */
  breakdown: NetWorthBreakdownItemView[];
  unpricedAssetCount: number;
}

export function valuePortfolio(
  holdings: readonly AggregateHoldingRow[],
  isStale: (priceUpdatedAt: Date) => boolean,
): PortfolioValuation {
  const assets = holdings.map((holding) => priceHolding(holding, isStale));
  const total = sum(assets.flatMap(({ usdValue }) => usdValue ?? []));
  for (const asset of assets) if (asset.usdValue !== null) asset.allocationPerc = shareOf(asset.usdValue, total);
  assets.sort(byUsdValueThenSymbol);
  return {
    usdValue: roundUsd(total),
    assets,
    breakdown: assets.flatMap((asset) =>
      asset.usdValue === null
        ? []
        : [{ symbol: asset.symbol, usdValue: asset.usdValue, sharePerc: asset.allocationPerc ?? 0 }],
    ),
    unpricedAssetCount: assets.filter((asset) => asset.usdValue === null).length,
  };
}

function priceHolding(holding: AggregateHoldingRow, isStale: (priceUpdatedAt: Date) => boolean): PortfolioAssetView {
  const balance = parseDecimal(holding.balance, 'a summed balance');
  const current = holding.usdPrice !== null && holding.priceUpdatedAt !== null && !isStale(holding.priceUpdatedAt);
  return {
    name: holding.name,
    symbol: holding.symbol,
    balance,
    availableBalance: parseDecimal(holding.availableBalance, 'a summed available balance'),
    value: balance,
    decimals: holding.decimals,
    unitPriceUsd: current ? parseDecimal(holding.usdPrice, 'a stored price') : null,
    usdValue: current ? roundUsd(parseDecimal(holding.usdValue, 'a stored USD value')) : null,
    allocationPerc: null,
    priceUpdatedAt: current ? (holding.priceUpdatedAt as Date).toISOString() : null,
    walletIds: holding.walletIds,
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
