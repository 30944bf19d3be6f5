// Custody transfers carried into the journal (docs/ledger.md#custody-transfers):
// `digital_wallet_transaction.journaled_state` is the custodian state the journal last reflected
// for the transfer, so a transfer whose stored state has moved past it is "behind" and is posted
// the next time its wallet's transfers are stored, oldest first. One behind for want of funds in
// the journal (a send the custodian accepted before the deposit paying for it was synced) waits
// there until they arrive. Transfers counted in an opening balance (migration 0012) and those that
// ended before the journal existed are already reflected.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_transaction ADD COLUMN journaled_state text`.execute(db);
  await sql`UPDATE digital_wallet_transaction SET journaled_state = state
    WHERE in_opening_balance OR state IN ('rejected', 'failed', 'removed', 'replaced')`.execute(db);
  await sql`CREATE INDEX digital_wallet_transaction_journal_behind_idx ON digital_wallet_transaction (wallet_id, created_at, id)
    WHERE journaled_state IS DISTINCT FROM state`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_transaction DROP COLUMN journaled_state`.execute(db);
}
