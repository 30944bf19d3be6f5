// The business API's wallet summary (schema.graphql Query.digitalWalletSummaryById): a wallet's
// holdings valued at the current coin prices in exact decimals, cached 30 seconds per caller
// scope. A key bound to an organization sees only its wallets: any other wallet is not read in
// its scope, so it is null, as a missing one is (existence is not disclosed). A price older than
// the maximum age counts as no price (docs/providers.md#staleness): the holding is answered
// unpriced, left out of the total.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type ResultCache, resultTtlMs } from '../../cache/result-cache.ts';
import type { HoldingRow, WalletRow, WalletSummaryTable } from '../../access/wallets/wallet-summary-table.ts';
import { AppError } from '../../errors/app-error.ts';
import { isStalePrice } from '../prices/price-staleness.ts';
import { type PortfolioAssetView, valuePortfolio } from './portfolio-valuation.ts';
import { coinPriceTag } from '../prices/coin-price-service.ts';
import { scopedResultKey } from './scoped-result-key.ts';
import { walletTag } from './wallet-cache-tags.ts';

/** schema.graphql `DigitalAsset`, as a holder's pages give it too. */
export type WalletAssetView = PortfolioAssetView;

export interface WalletSummaryView {
  id: number;
  label: string;
  type: Uppercase<WalletRow['walletType']>;
  status: Uppercase<WalletRow['status']>;
  coin: string;
  organizationId: string;
  ownerUserId: string | null;
  usdValue: string;
  assets: WalletAssetView[];
  createdAt: string;
  asOf: string;
}

/** The wallet's rows as the summary table reads them. */
export interface WalletSummaryRows {
  wallet: WalletRow;
  holdings: readonly HoldingRow[];
}

export function createWalletSummaryService(deps: {
  table: WalletSummaryTable;
  results: ResultCache;
  priceMaxAgeMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async summary(
      walletId: number,
      scope: OrganizationScope,
      options: { refresh?: boolean } = {},
    ): Promise<WalletSummaryView | null> {
      assertWalletId(walletId);
      const refresh = options.refresh ?? false;
      return deps.results.load(
        scopedResultKey('digitalWalletSummaryById', { id: walletId }, scope),
        async () => {
          const found = await deps.table.find(scope, walletId);
          return found && walletSummaryView(found, now(), deps.priceMaxAgeMs);
        },
        { ttlMs: resultTtlMs.query, refresh, tags: [walletTag(walletId), coinPriceTag] },
      );
    },
  };
}

/** VALIDATION_FAILED unless `walletId` can be a wallet id (an `integer` key). */
export function assertWalletId(walletId: number): void {
  if (!Number.isInteger(walletId) || walletId < 1 || walletId > 2_147_483_647)
    throw new AppError('VALIDATION_FAILED', 'id must be a wallet id: a whole number from 1 to 2147483647', {
      details: [{ path: 'id', message: 'not a wallet id' }],
    });
}

/**
 * The summary fields of a wallet at instant `at`: holdings valued at prices younger than
 * `priceMaxAgeMs`, the total their sum. Shared by the summary and the detail view
 * (schema.graphql `DigitalWallet`), so both answer the same figures.
 */
export function walletSummaryView(rows: WalletSummaryRows, at: Date, priceMaxAgeMs: number): WalletSummaryView {
  const { wallet } = rows;
  // The same valuation as a holder's net worth (portfolio-valuation.ts): one wallet is a holder
  // of one wallet, so its summary and its owner's net worth of it agree to the cent.
  const valuation = valuePortfolio(
    rows.holdings.map((holding) => ({ ...holding, walletIds: [wallet.id] })),
    (updatedAt) => isStalePrice(updatedAt, at, priceMaxAgeMs),
  );
  const { assets } = valuation;
  return {
    id: wallet.id,
    label: wallet.label,
    type: wallet.walletType.toUpperCase() as WalletSummaryView['type'],
    status: wallet.status.toUpperCase() as WalletSummaryView['status'],
    coin: wallet.coin,
    organizationId: wallet.organizationId,
    ownerUserId: wallet.ownerUserId,
    usdValue: valuation.usdValue,
    assets,
    createdAt: wallet.createdAt.toISOString(),
    asOf: at.toISOString(),
  };
}

export type WalletSummaryService = ReturnType<typeof createWalletSummaryService>;
