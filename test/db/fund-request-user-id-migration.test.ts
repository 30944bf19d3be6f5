// Migration 0003 (src/db/migrations/0003-fund-request-user-id.ts) on a database holding the demo
// fund requests: down restores the names 0001 created, up renames them again, and every row
// keeps its investor (docs/database.md#migrations).
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 2 }).db;
  await seedDemoData(db);
});

test.after(async () => {
  await db?.destroy();
  await database?.drop();
});

// The same migration tables as src/db/migrate.ts, so this migrator sees what the service ran.
const migrator = () =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });

const tables = ['fund_subscription', 'fund_redemption'] as const;
/** 0003 and every migration after it: what going down to 0002 undoes, and up again redoes. */
const fromThe0003 = Object.keys(migrations).filter((name) => name >= '0003');

/** Per table: its investor column and the name of that column's foreign key to app_user (not migration 0020's processed_by_user_id, the dealer's). */
async function investorColumns(): Promise<Record<string, { column: string; foreignKey: string }[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string; constraint_name: string }>`
    SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name, c.conname AS constraint_name
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'app_user'::regclass AND c.conrelid::regclass::text IN ('fund_subscription', 'fund_redemption')
      AND a.attname <> 'processed_by_user_id'
    ORDER BY 1, 2`.execute(db);
  return Object.fromEntries(
    tables.map((table) => [
      table,
      rows
        .filter((row) => row.table_name === table)
        .map((row) => ({ column: row.column_name, foreignKey: row.constraint_name })),
    ]),
  );
}

async function investors(column: 'user_id' | 'investor_user_id'): Promise<string[]> {
  const rows = await Promise.all(
    tables.map(
      async (table) =>
        (
          await sql<{
            entry: string;
          }>`SELECT ${sql.lit(table)} || ':' || id || ':' || ${sql.ref(column)} AS entry FROM ${sql.table(table)} ORDER BY id`.execute(
            db,
          )
        ).rows,
    ),
  );
  return rows.flat().map((row) => row.entry);
}

test('0003 renames investor_user_id to user_id with its foreign key on both fund request tables, keeping every row', async () => {
  const migrated = await investors('user_id');
  assert.ok(migrated.length >= 13, 'the demo data has 7 subscriptions and 6 redemptions');
  assert.equal(await investorColumns(), {
    fund_subscription: [{ column: 'user_id', foreignKey: 'fund_subscription_user_id_fkey' }],
    fund_redemption: [{ column: 'user_id', foreignKey: 'fund_redemption_user_id_fkey' }],
  });

  const down = await migrator().migrateTo('0002-login-attempt');
  assert.is(down.error, undefined);
  assert.equal(
    down.results?.map((result) => [result.migrationName, result.direction, result.status]),
    fromThe0003.toReversed().map((name) => [name, 'Down', 'Success']),
  );
  assert.equal(await investorColumns(), {
    fund_subscription: [{ column: 'investor_user_id', foreignKey: 'fund_subscription_investor_user_id_fkey' }],
    fund_redemption: [{ column: 'investor_user_id', foreignKey: 'fund_redemption_investor_user_id_fkey' }],
  });
  assert.equal(await investors('investor_user_id'), migrated);

  const up = await migrator().migrateToLatest();
  assert.is(up.error, undefined);
  assert.equal(
    up.results?.map((result) => [result.migrationName, result.direction, result.status]),
    fromThe0003.map((name) => [name, 'Up', 'Success']),
  );
  assert.equal(await investorColumns(), {
    fund_subscription: [{ column: 'user_id', foreignKey: 'fund_subscription_user_id_fkey' }],
    fund_redemption: [{ column: 'user_id', foreignKey: 'fund_redemption_user_id_fkey' }],
  });
  assert.equal(await investors('user_id'), migrated);
});

test.run();
