// The wallets area: the wallet value sparkline (docs/wallet-sparkline.md).
import { createWalletValueHistoryReader } from '../access/wallets/wallet-value-history.ts';
import type { Db } from '../db/create-database.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';

export function createWallets(deps: { db: Db }) {
  return {
    handlers: walletSparklineHandlers(
      createWalletSparklineService({ history: createWalletValueHistoryReader(deps.db) }),
    ),
  };
}
