// The business API's portfolio views (schema.graphql Query.netWorthUsdByUserId,
// netWorthUsdByOrganizationId, digitalAssetsByUserId, digitalAssetsByOrganizationId): a user's
// or an organization's holdings summed by symbol over the counted wallets (not archived; for a
// key bound to an organization, only that organization's), valued at the current coin prices
// (portfolio-valuation.ts). Wallets outside the caller's scope count as absent: zero, never an
// error, so their existence is not disclosed. Aggregating: cached 2 minutes per operation,
// arguments and caller scope (docs/architecture.md#result-cache), tagged with every counted
// wallet, the holder and the coin prices, so a mutation of any of them drops the result.
import { type ResultCache, maxTagsPerEntry, resultTtlMs } from '../../cache/result-cache.ts';
import { resultKey } from '../../cache/result-key.ts';
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
import { walletOrganizationTag, walletOwnerTag, walletTag } from './wallet-cache-tags.ts';
import type { CallerOrganization } from './wallet-summary-service.ts';

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

/** What a cached aggregate holds beside its view: the wallets it counted, to check its tags. */
interface Counted<View> {
  view: View;
  walletIds: number[];
}

export function createPortfolioService(deps: {
  table: HoldingsAggregateTable;
  results: ResultCache;
  priceMaxAgeMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /**
   * The ids of the counted wallets, cached under the holder's tags alone: a wallet created,
   * archived or moved invalidates them (wallet-cache-tags.ts). They give the aggregate its
   * wallet tags before it is read, so a cache hit runs no query at all.
   */
  const countedWalletIds = (holder: WalletHolder, caller: CallerOrganization, refresh: boolean) =>
    deps.results.load(
      resultKey('portfolioWalletIds', holderArgs(holder), caller ?? 'all'),
      () => deps.table.countedWalletIds(holder, caller),
      { ttlMs: resultTtlMs.aggregate, refresh, tags: holderTags(holder, caller) },
    );

  async function cachedAggregate<View>(
    operation: string,
    args: Record<string, unknown>,
    holder: WalletHolder,
    caller: CallerOrganization,
    refresh: boolean,
    view: (aggregate: HoldingsAggregate, at: Date) => View,
  ): Promise<View> {
    const compute = async (): Promise<Counted<View>> => {
      const aggregate = await deps.table.aggregate(holder, caller);
      return { view: view(aggregate, now()), walletIds: aggregate.walletIds };
    };
    const known = await countedWalletIds(holder, caller, refresh);
    const fixedTags = [...holderTags(holder, caller), coinPriceTag];
    // More wallets than an entry may carry tags for: computed for every request, never stored.
    if (known.length > maxTagsPerEntry - fixedTags.length) return (await compute()).view;
    const counted = await deps.results.load(resultKey(operation, args, caller ?? 'all'), compute, {
      ttlMs: resultTtlMs.aggregate,
      refresh,
      tags: [...fixedTags, ...known.map(walletTag)],
    });
    // A wallet counted whose tag the entry lacks (it joined the holder between the two reads):
    // drop the holder's entries, so the next request reads both afresh.
    const knownIds = new Set(known);
    if (!counted.walletIds.every((id) => knownIds.has(id))) await deps.results.invalidate(holderTags(holder, caller));
    return counted.view;
  }

  const isStale = (at: Date) => (updatedAt: Date) => isStalePrice(updatedAt, at, deps.priceMaxAgeMs);

  return {
    async netWorth(
      holder: WalletHolder,
      caller: CallerOrganization,
      options: { refresh?: boolean } = {},
    ): Promise<NetWorthView> {
      checkHolder(holder);
      const operation = holder.kind === 'user' ? 'netWorthUsdByUserId' : 'netWorthUsdByOrganizationId';
      return cachedAggregate(
        operation,
        holderArgs(holder),
        holder,
        caller,
        options.refresh ?? false,
        (aggregate, at) => {
          const valued = valuePortfolio(aggregate.holdings, isStale(at));
          return {
            userId: holder.kind === 'user' ? holder.userId : null,
            organizationId: holder.kind === 'organization' ? holder.organizationId : null,
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
      caller: CallerOrganization,
      options: { limit?: number | null; offset?: number | null; refresh?: boolean } = {},
    ): Promise<DigitalAssetPageView> {
      checkHolder(holder);
      const window = pageWindow(options);
      const operation = holder.kind === 'user' ? 'digitalAssetsByUserId' : 'digitalAssetsByOrganizationId';
      const args = { ...holderArgs(holder), ...window };
      return cachedAggregate(operation, args, holder, caller, options.refresh ?? false, (aggregate, at) => ({
        ...offsetPage(valuePortfolio(aggregate.holdings, isStale(at)).assets, window),
        asOf: at.toISOString(),
      }));
    },
  };
}

function holderArgs(holder: WalletHolder): Record<string, string> {
  return holder.kind === 'user' ? { userId: holder.userId } : { organizationId: holder.organizationId };
}

/**
 * What invalidates the set of counted wallets: the holder's tag, and for a user seen through a
 * key bound to an organization, that organization's too (a wallet of the user moved into it).
 */
function holderTags(holder: WalletHolder, caller: CallerOrganization): string[] {
  if (holder.kind === 'organization') return [walletOrganizationTag(holder.organizationId)];
  return [walletOwnerTag(holder.userId), ...(caller === null ? [] : [walletOrganizationTag(caller)])];
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
