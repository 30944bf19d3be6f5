// The business API's portfolio views (schema.graphql Query.netWorthUsdByUserId,
// netWorthUsdByOrganizationId, digitalAssetsByUserId, digitalAssetsByOrganizationId): a user's
// or an organization's holdings summed by symbol over the counted wallets (not archived; for a
// key bound to an organization, only that organization's), valued at the current coin prices
// (portfolio-valuation.ts). Wallets outside the caller's scope count as absent: zero, never an
// error, so their existence is not disclosed. Aggregating: cached 2 minutes per operation,
// arguments and caller scope (docs/caches.md#result-cache), tagged with the holder and the
// coin prices: a change to any wallet invalidates its owner's and organization's tags
// (wallet-cache-tags.ts), so a result leaves whichever of its wallets changed, however many.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type ResultCache, resultTtlMs } from '../../cache/result-cache.ts';
import type {
  HoldingsAggregate,
  HoldingsAggregateTable,
  WalletHolder,
} from '../../access/wallets/holdings-aggregate-table.ts';
import { AppError } from '../../errors/app-error.ts';
import { type OffsetPageView, offsetPage, pageWindow } from '../paging/offset-page.ts';
import { coinPriceTag } from '../prices/coin-price-service.ts';
import { isStalePrice } from '../prices/price-staleness.ts';
import { unstorableText } from '../text/storable-text.ts';
import { type NetWorthBreakdownItemView, type PortfolioAssetView, valuePortfolio } from './portfolio-valuation.ts';
import { scopedResultKey } from './scoped-result-key.ts';
import { walletOrganizationTag, walletOwnerTag } from './wallet-cache-tags.ts';

export type { WalletHolder } from '../../access/wallets/holdings-aggregate-table.ts';

export interface NetWorthView {
  userId: string | null;
  organizationId: string | null;
  usdValue: string;
  asOf: string;
  walletCount: number;
  unpricedAssetCount: number;
  breakdown: NetWorthBreakdownItemView[];
}

export interface DigitalAssetPageView extends OffsetPageView<PortfolioAssetView> {
  asOf: string;
}

export function createPortfolioService(deps: {
  table: HoldingsAggregateTable;
  results: ResultCache;
  priceMaxAgeMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function cachedAggregate<View>(
    operation: string,
    args: Record<string, unknown>,
    holder: WalletHolder,
    scope: OrganizationScope,
    refresh: boolean,
    view: (aggregate: HoldingsAggregate, at: Date) => View,
  ): Promise<View> {
    return deps.results.load(
      scopedResultKey(operation, args, scope),
      async () => view(await deps.table.aggregate(scope, holder), now()),
      { ttlMs: resultTtlMs.aggregate, refresh, tags: [...holderTags(holder), coinPriceTag] },
    );
  }

  const isStale = (at: Date) => (updatedAt: Date) => isStalePrice(updatedAt, at, deps.priceMaxAgeMs);

  return {
    async netWorth(
      holder: WalletHolder,
      scope: OrganizationScope,
      options: { refresh?: boolean } = {},
    ): Promise<NetWorthView> {
      checkHolder(holder);
      const operation = holder.kind === 'user' ? 'netWorthUsdByUserId' : 'netWorthUsdByOrganizationId';
      return cachedAggregate(
        operation,
        holderArgs(holder),
        holder,
        scope,
        options.refresh ?? false,
        (aggregate, at) => {
          const valued = valuePortfolio(aggregate.holdings, isStale(at));
          return {
            userId: holder.kind === 'user' ? holder.userId : null,
            organizationId: 'organizationId' in holder ? holder.organizationId : null,
            usdValue: valued.usdValue,
            asOf: at.toISOString(),
            walletCount: aggregate.walletIds.length,
            unpricedAssetCount: valued.unpricedAssetCount,
            breakdown: valued.breakdown,
          };
        },
      );
    },

    async digitalAssets(
      holder: WalletHolder,
      scope: OrganizationScope,
      options: { limit?: number | null; offset?: number | null; refresh?: boolean } = {},
    ): Promise<DigitalAssetPageView> {
      checkHolder(holder);
      const window = pageWindow(options);
      const operation = holder.kind === 'user' ? 'digitalAssetsByUserId' : 'digitalAssetsByOrganizationId';
      const args = { ...holderArgs(holder), ...window };
      return cachedAggregate(operation, args, holder, scope, options.refresh ?? false, (aggregate, at) => ({
        ...offsetPage(valuePortfolio(aggregate.holdings, isStale(at)).assets, window),
        asOf: at.toISOString(),
      }));
    },
  };
}

function holderArgs(holder: WalletHolder): Record<string, string> {
  return 'userId' in holder ? { userId: holder.userId } : { organizationId: holder.organizationId };
}

/** The tag a change to any of the holder's wallets invalidates (wallet-cache-tags.ts). */
function holderTags(holder: WalletHolder): string[] {
  return ['organizationId' in holder ? walletOrganizationTag(holder.organizationId) : walletOwnerTag(holder.userId)];
}

/** A user id is an identity-provider subject that app_user.id can hold: 1 to 255 characters of storable text. */
function checkHolder(holder: WalletHolder): void {
  if (holder.kind !== 'user') return;
  const { userId } = holder;
  const problem =
    userId.length < 1 || userId.length > 255
      ? `must be 1 to 255 characters, got ${userId.length}`
      : unstorableText(userId);
  if (problem !== null)
    throw new AppError('VALIDATION_FAILED', `userId ${problem}`, { details: [{ path: 'userId', message: problem }] });
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
