// The custody mutations' services (docs/custody.md#the-mutations): sends and approval decisions,
// and the transfer sync, over the one custody provider of the composition root and the wallet
// tables; the acting users' directory goes along for the resolvers (docs/identity.md#acting-user).
import type { Logger } from 'pino';
import type { ResultCache } from '../cache/result-cache.ts';
import { createWalletSyncProgress } from '../records/wallets/wallet-sync-progress-table.ts';
import { createWalletTransferTable } from '../records/wallets/wallet-transfer-table.ts';
import type { Db } from '../db/create-database.ts';
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { createCustodyTransferService } from '../domain/wallets/custody-transfer-service.ts';
import { createWalletSyncService } from '../domain/wallets/wallet-sync-service.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';

export function createCustodyTransfers(deps: {
  db: Db;
  custody: CustodyProvider;
  results: ResultCache;
  users: ActingUserDirectory;
  logger: Logger;
  priceMaxAgeMs: number;
}) {
  const { db, users, custody, results, logger, priceMaxAgeMs } = deps;
  const table = createWalletTransferTable(db);
  return {
    transfers: createCustodyTransferService({ table, custody, results, users, logger, priceMaxAgeMs }),
    sync: createWalletSyncService({
      table,
      progress: createWalletSyncProgress(db),
      custody,
      results,
      logger,
      priceMaxAgeMs,
    }),
    users,
  };
}
