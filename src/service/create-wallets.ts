// The wallets area: the wallet value sparkline (docs/wallet-sparkline.md) and the business API's
// wallet summary over the result cache; the custody mutations (create-custody-transfers.ts).
import type { Logger } from 'pino';
import type { ResultCache } from '../cache/result-cache.ts';
import { createWalletValueHistoryReader } from '../access/wallets/wallet-value-history.ts';
import { createWalletSummaryTable } from '../access/wallets/wallet-summary-table.ts';
import type { Db } from '../db/create-database.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { createWalletSummaryService } from '../domain/wallets/wallet-summary-service.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { ServiceProviders } from './create-providers.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { createCustodyTransfers } from './create-custody-transfers.ts';

export function createWallets(deps: {
  db: Db;
  metrics: Metrics;
  results: ResultCache;
  /** The custody and AML providers the wallet mutations call. */
  providers: ServiceProviders;
  priceMaxAgeMs: number;
  /** The acting users of sends and approvals (docs/identity.md#acting-user). */
  users: ActingUserDirectory;
  logger: Logger;
}) {
  return {
    handlers: walletSparklineHandlers(
      createWalletSparklineService({
        history: createWalletValueHistoryReader(deps.db),
        cacheObserver: deps.metrics.cache('wallet_sparklines'),
      }),
    ),
    summaries: createWalletSummaryService({
      table: createWalletSummaryTable(deps.db),
      results: deps.results,
      priceMaxAgeMs: deps.priceMaxAgeMs,
    }),
    custody: createCustodyTransfers({ ...deps, custody: deps.providers.custody }),
  };
}
