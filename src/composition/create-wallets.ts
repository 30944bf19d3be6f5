// The wallets area: the wallet value sparkline (docs/wallet-sparkline.md), the business API's
// wallet views over the result cache, the wallet mutations on the custody and AML providers
// (docs/custody.md#wallet-operations), the unfreeze of a frozen wallet (docs/custody.md#aml-freeze),
// the custody transfer mutations (create-custody-transfers.ts) and, with VALUE_HISTORY on, the
// value history's daily job (docs/valuation.md#value-history), stopped at shutdown after a run in
// flight.
import type { Logger } from 'pino';
import type { ResultCache } from '../cache/result-cache.ts';
import { createAmlReportTable } from '../records/wallets/aml-report-table.ts';
import { createWalletWriteTable } from '../records/wallets/wallet-write-table.ts';
import { createWhitelistWriteTable } from '../records/wallets/whitelist-write-table.ts';
import { createWalletValueHistoryTable } from '../records/wallets/wallet-value-history-table.ts';
import { createWalletSummaryTable } from '../records/wallets/wallet-summary-table.ts';
import { createHoldingsAggregateTable } from '../records/wallets/holdings-aggregate-table.ts';
import type { Db } from '../db/create-database.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { createWalletSummaryService } from '../domain/wallets/wallet-summary-service.ts';
import { createPortfolioService } from '../domain/wallets/portfolio-service.ts';
import { createWalletDetailTable } from '../records/wallets/wallet-detail-table.ts';
import { createWalletDetailService } from '../domain/wallets/wallet-detail-service.ts';
import { createWalletManagementService } from '../domain/wallets/wallet-management-service.ts';
import type { Idempotency } from '../domain/idempotency/idempotent-request.ts';
import { createAmlScreeningService } from '../domain/wallets/aml-screening-service.ts';
import { createWalletUnfreezeService } from '../domain/wallets/wallet-unfreeze-service.ts';
import { createWalletFreezeTable } from '../records/wallets/wallet-freeze-table.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { ServiceProviders } from './create-providers.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { createCustodyTransfers } from './create-custody-transfers.ts';
import { createDailyValuePointsTable } from '../records/wallets/daily-value-points-table.ts';
import { createDailyValueHistoryJob } from '../domain/wallets/daily-value-history-job.ts';
import type { ShutdownStep } from './shutdown-steps.ts';

export function createWallets(deps: {
  db: Db;
  metrics: Metrics;
  results: ResultCache;
  /** The custody and AML providers the wallet mutations call. */
  providers: ServiceProviders;
  priceMaxAgeMs: number;
  /** Approvals a new CUSTODIAL wallet's sends and whitelist changes need (CUSTODY_APPROVALS_REQUIRED). */
  custodialApprovalsRequired: number;
  /** The acting users of sends and approvals (docs/identity.md#acting-user). */
  users: ActingUserDirectory;
  logger: Logger;
  /** VALUE_HISTORY, and the coin price refresh its job runs first. */
  valueHistory: { enabled: boolean; refreshPrices: () => Promise<unknown> };
  /** The idempotency keys of every creating mutation (docs/idempotency.md). */
  idempotency: Idempotency;
}) {
  const summaries = createWalletSummaryService({
    table: createWalletSummaryTable(deps.db),
    results: deps.results,
    priceMaxAgeMs: deps.priceMaxAgeMs,
  });
  const table = createWalletWriteTable(deps.db);
  // Acting users (X-Acting-User) and wallet owners are looked up in identity's user directory.
  const { users } = deps;
  const { results, logger } = deps;
  return {
    handlers: walletSparklineHandlers(
      createWalletSparklineService({
        history: createWalletValueHistoryTable(deps.db),
        cacheObserver: deps.metrics.cache('wallet_sparklines'),
      }),
    ),
    summaries,
    operations: createWalletManagementService({
      table,
      whitelist: createWhitelistWriteTable(deps.db),
      custody: deps.providers.custody,
      users,
      summaries,
      results,
      logger,
      custodialApprovalsRequired: deps.custodialApprovalsRequired,
      idempotency: deps.idempotency,
    }),
    screening: createAmlScreeningService({
      table,
      reports: createAmlReportTable(deps.db),
      aml: deps.providers.aml,
      users,
      results,
      logger,
    }),
    unfreeze: createWalletUnfreezeService({
      table,
      freezes: createWalletFreezeTable(deps.db),
      summaries,
      users,
      results,
    }),
    portfolio: createPortfolioService({
      table: createHoldingsAggregateTable(deps.db),
      results: deps.results,
      priceMaxAgeMs: deps.priceMaxAgeMs,
    }),
    details: createWalletDetailService({
      table: createWalletDetailTable(deps.db),
      results: deps.results,
      priceMaxAgeMs: deps.priceMaxAgeMs,
    }),
    custody: createCustodyTransfers({ ...deps, custody: deps.providers.custody }),
    closers: startValueHistory(deps),
  };
}

function startValueHistory(deps: Parameters<typeof createWallets>[0]): ShutdownStep[] {
  if (!deps.valueHistory.enabled) return [];
  const job = createDailyValueHistoryJob({
    table: createDailyValuePointsTable(deps.db),
    logger: deps.logger,
    refreshPrices: deps.valueHistory.refreshPrices,
  });
  return [job.start()];
}
