// The business API's wallet detail (schema.graphql Query.digitalWalletDetailById): the summary
// fields as the summary answers them, plus addresses, whitelist, newest transfers, AML status and
// value history, cached 30 seconds per caller scope (docs/caches.md#result-cache). A key
// bound to an organization sees only its wallets: any other is not read in its scope, so it is
// null, as a missing one is. The value history takes arguments of its own field, so it is cached
// beside the detail, keyed by them.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type ResultCache, resultTtlMs } from '../../cache/result-cache.ts';
import type { WalletDetailLimits, WalletDetailTable } from '../../access/wallets/wallet-detail-table.ts';
import { AppError } from '../../errors/app-error.ts';
import { roundUsd } from '../money/decimal.ts';
import { coinPriceTag } from '../prices/coin-price-service.ts';
import { scopedResultKey } from './scoped-result-key.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { type WalletDetailView, walletDetailView } from './wallet-detail-view.ts';
import { assertWalletId } from './wallet-summary-service.ts';
import type { WalletTransferView } from './wallet-transfer-view.ts';
import { type ValueHistoryInterval, defaultValueHistoryDays, valueHistoryInstants } from './value-history-instants.ts';

/** `recentTransactions(limit)`: as schema.graphql states it. */
export const recentTransferLimit = { default: 20, max: 100 } as const;

/**
 * The most rows of each list a detail holds, newest first. schema.graphql bounds only the
 * transfers; addresses and whitelist entries are bounded here so one wallet cannot make a result
 * too large to cache (docs/conformance.md#wallet-detail).
 */
export const walletDetailLimits: WalletDetailLimits = {
  addresses: 500,
  whitelistEntries: 500,
  transfers: recentTransferLimit.max,
};

export interface ValueHistoryRange {
  /** RFC 3339; absent or null: `defaultValueHistoryDays` before `to`. */
  from?: string | null;
  /** RFC 3339; absent or null: now. */
  to?: string | null;
  /** Absent or null: DAY. */
  interval?: ValueHistoryInterval | null;
}

export interface WalletValuePointView {
  at: string;
  usdValue: string;
}

const dayMs = 24 * 60 * 60 * 1000;

export function createWalletDetailService(deps: {
  table: WalletDetailTable;
  results: ResultCache;
  priceMaxAgeMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async detail(
      walletId: number,
      scope: OrganizationScope,
      options: { refresh?: boolean } = {},
    ): Promise<WalletDetailView | null> {
      assertWalletId(walletId);
      return deps.results.load(
        scopedResultKey('digitalWalletDetailById', { id: walletId }, scope),
        async () => {
          const rows = await deps.table.find(scope, walletId, walletDetailLimits);
          return rows && walletDetailView(rows, now(), deps.priceMaxAgeMs);
        },
        { ttlMs: resultTtlMs.query, refresh: options.refresh ?? false, tags: [walletTag(walletId), coinPriceTag] },
      );
    },

    /**
     * One point per interval start in the range: the newest value recorded at or before it.
     * Starts before the first recorded value, or after now, have no point. Empty for a wallet the
     * caller may not see.
     */
    async valueHistory(
      walletId: number,
      scope: OrganizationScope,
      range: ValueHistoryRange,
      options: { refresh?: boolean } = {},
    ): Promise<WalletValuePointView[]> {
      assertWalletId(walletId);
      const from = range.from ? instant(range.from, 'from') : null;
      const to = range.to ? instant(range.to, 'to') : null;
      const interval = range.interval ?? 'DAY';
      const args = {
        id: walletId,
        valueHistory: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null, interval },
      };
      return deps.results.load(
        scopedResultKey('digitalWalletDetailById', args, scope),
        async () => {
          const at = now();
          const end = to ?? at;
          const start = from ?? new Date(end.getTime() - defaultValueHistoryDays * dayMs);
          const instants = valueHistoryInstants(start, end, interval).filter((when) => when <= at);
          const values = await deps.table.valuesAt(scope, walletId, instants);
          return values.map((value) => ({ at: value.at.toISOString(), usdValue: roundUsd(value.usdValue) }));
        },
        { ttlMs: resultTtlMs.query, refresh: options.refresh ?? false, tags: [walletTag(walletId)] },
      );
    },
  };
}

export type WalletDetailService = ReturnType<typeof createWalletDetailService>;

/**
 * The first `limit` of a detail's transfers: default 20, larger than 100 clamped to 100 (schema.graphql
 * `DigitalWalletDetail.recentTransactions`); a negative limit is VALIDATION_FAILED.
 */
export function recentTransfers(transfers: readonly WalletTransferView[], limit: number | null | undefined) {
  const wanted = limit ?? recentTransferLimit.default;
  if (!Number.isInteger(wanted) || wanted < 0)
    throw new AppError('VALIDATION_FAILED', 'recentTransactions: limit must be 0 or more', {
      details: [{ path: 'recentTransactions.limit', message: 'negative' }],
    });
  return transfers.slice(0, Math.min(wanted, recentTransferLimit.max));
}

/** A DateTime argument (already checked by the scalar) as an instant. */
function instant(text: string, name: 'from' | 'to'): Date {
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime()))
    throw new AppError('VALIDATION_FAILED', `valueHistory: ${name} must be an RFC 3339 date-time`, {
      details: [{ path: `valueHistory.${name}`, message: 'not a date-time' }],
    });
  return parsed;
}
