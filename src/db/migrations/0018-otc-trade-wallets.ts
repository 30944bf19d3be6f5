// The wallets an OTC trade settles with (docs/trading.md#settlement; schema.graphql
// OtcTradeLeg.walletId): the wallet that pays the quote's fromCurrency and the one that receives
// its toCurrency. Null for a leg that settles off the platform (a currency no wallet holds, such as
// USD), and for trades executed before trades named their wallets.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otc_trade
    ADD COLUMN from_wallet_id integer REFERENCES digital_wallet (id),
    ADD COLUMN to_wallet_id integer REFERENCES digital_wallet (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otc_trade DROP COLUMN from_wallet_id, DROP COLUMN to_wallet_id`.execute(db);
}
