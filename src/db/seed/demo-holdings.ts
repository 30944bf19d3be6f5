// The demo wallets' holdings as the journal holds them (docs/ledger.md#wallet-holdings): each
// asset row opens empty, and its balance arrives as an opening deposit from the outside world
// (`ledger_deposit`, migration 0012), whose projection writes the row's balance.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import { demoWalletAssets } from './demo-wallets.ts';

export async function insertDemoHoldings(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('digital_wallet_asset')
    .values(demoWalletAssets.map((row) => ({ ...row, balance: '0' })))
    .execute();
  for (const row of demoWalletAssets)
    await sql`SELECT ledger_deposit(${row.wallet_id}, ${row.symbol}, ${row.balance}::numeric,
      ${`opening:digital_wallet_asset-${row.id}`}, ${row.updated_at}::timestamptz)`.execute(db);
}
