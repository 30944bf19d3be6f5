// The wallets area: the wallet value sparkline (docs/wallet-sparkline.md) and the business API's
// wallet summary over the result cache.
import type { ResultCache } from '../cache/result-cache.ts';
import { createWalletValueHistoryReader } from '../access/wallets/wallet-value-history.ts';
import { createWalletSummaryTable } from '../access/wallets/wallet-summary-table.ts';
import { createHoldingsAggregateTable } from '../access/wallets/holdings-aggregate-table.ts';
import type { Db } from '../db/create-database.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { createWalletSummaryService } from '../domain/wallets/wallet-summary-service.ts';
import { createPortfolioService } from '../domain/wallets/portfolio-service.ts';
import { createWalletDetailTable } from '../access/wallets/wallet-detail-table.ts';
import { createWalletDetailService } from '../domain/wallets/wallet-detail-service.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { ServiceProviders } from './create-providers.ts';

export function createWallets(deps: {
  db: Db;
  metrics: Metrics;
  results: ResultCache;
  /** The custody and AML providers the wallet mutations call. */
  providers: ServiceProviders;
  priceMaxAgeMs: number;
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
  };
}
