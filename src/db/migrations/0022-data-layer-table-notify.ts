// Every statement that writes a table the data layer serves announces the table's name on the
// `data_changed` channel, whoever makes it (the service, the data layer, the admin CLI, an
// operator's SQL), so live queries on DATA_PORT refresh the statements that read it at once
// instead of at their next interval (docs/data-layer.md#refresh). One statement trigger per
// table and event, no transition tables: the payload is the table's name only, and PostgreSQL
// sends a notification once per transaction however many statements repeat it (coalesced), at
// commit, and not at all on a rollback. The list is the tables permissions.yaml tracked when this
// migration was written; a table tracked later needs a migration of its own
// (test/db/data-changed-triggers.test.ts checks every tracked table has them).
import { type Kysely, sql } from 'kysely';

/** The channel, also in src/records/data-layer-sql/data-changed.ts. */
const channel = 'data_changed';

export const dataLayerTables = [
  'aml_report',
  'app_user',
  'audit_log',
  'case_invitation',
  'coin',
  'coin_price',
  'compliance_case',
  'digital_wallet',
  'digital_wallet_address',
  'digital_wallet_asset',
  'digital_wallet_pending_approval',
  'digital_wallet_transaction',
  'digital_wallet_value_history',
  'digital_wallet_whitelist_entry',
  'file_upload',
  'fund',
  'fund_redemption',
  'fund_subscription',
  'invoice',
  'invoice_line',
  'kyc_document',
  'kyc_profile',
  'ledger_account',
  'ledger_asset',
  'ledger_transfer',
  'organization',
  'organization_membership',
  'otc_quote',
  'otc_trade',
  'product',
  'quote',
  'quote_line',
  'receipt',
  'trading_product',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${sql.lit(channel)}, TG_TABLE_NAME);
      RETURN NULL;
    END
  $$`.execute(db);
  for (const table of dataLayerTables)
    await sql`CREATE TRIGGER ${sql.id(`${table}_data_changed`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of dataLayerTables)
    await sql`DROP TRIGGER ${sql.id(`${table}_data_changed`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION notify_data_changed()`.execute(db);
}
