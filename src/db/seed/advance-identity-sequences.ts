// The seed writes explicit ids into identity columns, which does not move their sequences;
// without this the first insert after seeding would collide with demo id 1.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';

/** Tables whose integer `id` the seed sets explicitly (audit_log's identity is GENERATED ALWAYS). */
export const demoIdentityTables = [
  'digital_wallet',
  'digital_wallet_asset',
  'digital_wallet_address',
  'digital_wallet_whitelist_entry',
  'digital_wallet_transaction',
  'fund',
  'fund_subscription',
  'fund_redemption',
  'fund_capital_movement',
  'invoice',
  'invoice_line',
  'receipt',
  'product',
  'quote',
  'quote_line',
  'compliance_case',
] as const;

export async function advanceIdentitySequences(db: Kysely<Database>): Promise<void> {
  for (const table of demoIdentityTables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
      db,
    );
  }
}
