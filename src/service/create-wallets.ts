// The wallets area: the wallet value sparkline (docs/wallet-sparkline.md).
import { createWalletValueHistoryReader } from '../access/wallets/wallet-value-history.ts';
import type { Db } from '../db/create-database.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';

export function createWallets(deps: { db: Db; metrics: Metrics }) {
  return {
    handlers: walletSparklineHandlers(
      createWalletSparklineService({
        history: createWalletValueHistoryReader(deps.db),
        cacheObserver: deps.metrics.cache('wallet_sparklines'),
      }),
    ),
  };
}
