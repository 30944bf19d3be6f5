// One valuation (docs/valuation.md#one-valuation): the USD figures the data layer serves
// (`digital_wallet_asset.unit_price_usd`, `usd_value`, `digital_wallet.usd_value`) are kept by
// the database equal to balance × the coin's current price, rounded per holding to cents, as the
// business API reads them; a price kept per coin and day for the value history's back-fill; one
// value history point per wallet and day. Triggers rather than GENERATED columns: the unit price
// comes from another table, and the data layer's admin mutations write these columns by name
// (a generated column would refuse them); a trigger overrides whatever is written instead.
import { type Kysely, sql } from 'kysely';
import {
  dailyPrices,
  holdingValuation,
  oneHistoryPointADay,
  priceFollowers,
  realign,
  walletTotals,
} from './0015-one-valuation-triggers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...dailyPrices,
    ...holdingValuation,
    ...walletTotals,
    ...priceFollowers,
    ...realign,
    ...oneHistoryPointADay,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX digital_wallet_value_history_day`.execute(db);
  await sql`DROP TRIGGER coin_price_inserted ON coin_price`.execute(db);
  await sql`DROP TRIGGER coin_price_updated ON coin_price`.execute(db);
  await sql`DROP TRIGGER coin_price_deleted ON coin_price`.execute(db);
  await sql`DROP TRIGGER digital_wallet_asset_inserted ON digital_wallet_asset`.execute(db);
  await sql`DROP TRIGGER digital_wallet_asset_updated ON digital_wallet_asset`.execute(db);
  await sql`DROP TRIGGER digital_wallet_asset_deleted ON digital_wallet_asset`.execute(db);
  await sql`DROP TRIGGER digital_wallet_asset_valuation ON digital_wallet_asset`.execute(db);
  await sql`DROP FUNCTION coin_price_follow(), digital_wallet_valuation(), digital_wallet_asset_valuation()`.execute(
    db,
  );
  await sql`DROP TABLE coin_price_day`.execute(db);
}
