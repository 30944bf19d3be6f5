// Controls the database holds over the money engine, whoever writes (the service, the data layer,
// an operator's SQL):
// - a freeze voids the holds of the wallet's sends not signed yet (docs/custody.md#aml-freeze):
//   `digital_wallet_transaction.voided_by_freeze_id` names the freeze that released them;
// - a FROZEN wallet, or one under an open freeze, takes no new whitelist address
//   (`digital_wallet_whitelist_frozen`);
// - an OTC trade is `settled` only with both legs of its linked journal group `trade:<id>`, checked
//   at commit (`otc_trade_settled_journal`; docs/trading.md#settlement);
// - a dealt fund request names who processed it (`processed_by_user_id`; docs/funds.md#who-processed);
// - `digital_wallet.usd_value` is the sum of its holdings' values, whatever a statement writes
//   into it (docs/valuation.md#one-valuation).
import { type Kysely, sql } from 'kysely';
import {
  fundProcessedBy,
  otcTradeSettledJournal,
  walletUsdValueDerived,
  whitelistRefusedWhileFrozen,
} from './0020-money-controls-triggers.ts';
import { freezeVoidsUnsignedSends } from './0020-money-controls-freeze.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...freezeVoidsUnsignedSends,
    ...whitelistRefusedWhileFrozen,
    ...otcTradeSettledJournal,
    ...fundProcessedBy,
    ...walletUsdValueDerived,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER digital_wallet_usd_value_derived ON digital_wallet`.execute(db);
  await sql`DROP FUNCTION digital_wallet_usd_value_derive()`.execute(db);
  for (const table of ['fund_subscription', 'fund_redemption'])
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN processed_by_user_id`).execute(db);
  await sql`DROP TRIGGER otc_trade_settled_journal ON otc_trade`.execute(db);
  await sql`DROP FUNCTION otc_trade_settled_journal()`.execute(db);
  await sql`DROP TRIGGER digital_wallet_whitelist_frozen_insert ON digital_wallet_whitelist_entry`.execute(db);
  await sql`DROP TRIGGER digital_wallet_whitelist_frozen_update ON digital_wallet_whitelist_entry`.execute(db);
  await sql`DROP FUNCTION digital_wallet_whitelist_refuse_frozen()`.execute(db);
  await sql`DROP TRIGGER digital_wallet_freeze_voids_sends ON digital_wallet_freeze`.execute(db);
  await sql`DROP FUNCTION digital_wallet_freeze_void_sends()`.execute(db);
  await sql`ALTER TABLE digital_wallet_transaction DROP COLUMN voided_by_freeze_id`.execute(db);
}
