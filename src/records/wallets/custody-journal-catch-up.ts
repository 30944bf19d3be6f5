// The start-up pass over custody transfers the journal is behind on (docs/ledger.md#custody-transfers):
// a transfer is carried into the journal when its wallet's transfers are next stored, so transfers
// stored by other means (the demo seed's sends on their way, a crash between storing and posting
// on an older version) would wait for that wallet's next send or sync. At start every wallet with
// a behind transfer gets one pass of journalWalletTransfers, the one home of custody postings, each
// in a transaction of its own. Passes over one wallet serialize on its advisory lock and carry only
// what is still behind, so nodes starting together post everything once.
import type { Db } from '../../db/create-database.ts';
import { journalWalletTransfers } from './custody-transfer-postings.ts';

export interface JournalCatchUp {
  /** Wallets that had a transfer behind the journal. */
  wallets: number;
  /** Transfers carried into the journal. */
  posted: number;
  /** Sends the journal cannot pay for yet: they stay behind until their wallet's next pass. */
  waitingForFunds: string[];
}

export async function catchUpCustodyJournal(db: Db): Promise<JournalCatchUp> {
  const walletIds = await walletsBehind(db);
  const caughtUp: JournalCatchUp = { wallets: walletIds.length, posted: 0, waitingForFunds: [] };
  for (const walletId of walletIds) {
    const pass = await db.transaction().execute((trx) => journalWalletTransfers(trx, [walletId]));
    caughtUp.posted += pass.posted;
    caughtUp.waitingForFunds.push(...pass.waitingForFunds);
  }
  return caughtUp;
}

/** The wallets with a transfer whose stored state the journal does not reflect (the partial index of migration 0019). */
async function walletsBehind(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('digital_wallet_transaction')
    .select('wallet_id')
    .distinct()
    .where((eb) => eb('journaled_state', 'is distinct from', eb.ref('state')))
    .orderBy('wallet_id')
    .execute();
  return rows.map((row) => row.wallet_id);
}
