// The double-entry journal (docs/ledger.md): assets, accounts, linked groups and transfers, with
// the ledger's invariants held by the database itself, whoever writes (the journal module in
// src/access/ledger/, an operator's SQL, a later migration):
// - a transfer moves a positive amount of one asset from its debit account to its credit account,
//   two different accounts that both hold that asset (composite foreign keys onto (id, asset));
// - transfers, linked groups and assets are never updated or deleted: a mistake is corrected by
//   a reversing transfer;
// - a post or void names a pending transfer, inherits what it leaves out, posts at most the
//   pending amount, and resolves it at most once (UNIQUE pending_id);
// - a linked group is posted by one transaction: a later transaction cannot join it;
// - an account's four projections change only with a transfer insert, in its transaction, and an
//   account that may not go negative refuses a debit beyond what it has available.
// The functions are plpgsql because the checks read other rows; the constraints they raise are
// named, so the journal module turns each into its own error (src/access/ledger/ledger-refusals.ts).
import { type Kysely, sql } from 'kysely';
import { accountTables, assetTables, transferTables } from './0011-ledger-journal-tables.ts';
import { accountGuards, projectionTriggers, transferChecks } from './0011-ledger-journal-triggers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...assetTables, ...accountTables, ...transferTables]) await statement.execute(db);
  for (const statement of [...accountGuards, ...transferChecks, ...projectionTriggers]) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_transfer, ledger_link, ledger_account, ledger_asset`.execute(db);
  await sql`DROP FUNCTION ledger_transfer_project(), ledger_account_move(integer, numeric, numeric, numeric, numeric),
    ledger_transfer_check(), ledger_transfer_join_link(text), ledger_refuse_change()`.execute(db);
  await sql`ALTER TABLE coin DROP CONSTRAINT coin_symbol_decimals_key`.execute(db);
}
