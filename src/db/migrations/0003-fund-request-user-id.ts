// Fund requests name their investor `user_id`, the column name data-layer clients use for
// fund_subscription (docs/data-layer.md, "The schema of a role"); redemptions follow for
// symmetry. 0001 already ran on deployed databases, so the rename is a migration of its own
// (docs/database.md#migrations). The foreign keys PostgreSQL named after the old
// column are renamed too; the index fund_subscription_investor_idx names the role, not the
// column, and keeps its name. Renames keep every row, default and reference.
import { type Kysely, sql } from 'kysely';

const tables = ['fund_subscription', 'fund_redemption'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN investor_user_id TO user_id`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} RENAME CONSTRAINT ${sql.id(`${table}_investor_user_id_fkey`)} TO ${sql.id(`${table}_user_id_fkey`)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`ALTER TABLE ${sql.table(table)} RENAME CONSTRAINT ${sql.id(`${table}_user_id_fkey`)} TO ${sql.id(`${table}_investor_user_id_fkey`)}`.execute(
      db,
    );
    await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN user_id TO investor_user_id`.execute(db);
  }
}
