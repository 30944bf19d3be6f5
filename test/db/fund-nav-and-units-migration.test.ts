// Migration 0009 (src/db/migrations/0009-fund-nav-and-units.ts; docs/funds.md#what-it-is-computed-from)
// on the demo data: the register refuses a row that disagrees with what it records (another
// investor's or fund's request, another amount, a day without a NAV, units on a fee, a fee
// without a description), a dealt request's amount can no longer change, and down removes
// everything 0009 added, so up runs again on the same rows.
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

/** The constraint a statement broke, or null when it succeeded (rolled back either way). */
async function violation(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await db.transaction().execute(async (trx) => {
      await statement.execute(trx);
      throw new Error('rollback');
    });
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint;
    if (constraint) return constraint;
    if ((error as Error).message === 'rollback') return null;
    throw error;
  }
  return null;
}

// Demo: subscription 1 is Erin's 250,000.00 into fund 1, dealt on 2025-03-17 (a NAV day).
const dealing = (values: { fund?: number; user?: string; amount?: string; date?: string; id?: number }) =>
  sql`INSERT INTO fund_capital_movement (fund_id, user_id, kind, effective_date, units, amount, subscription_id)
      VALUES (${values.fund ?? 1}, ${values.user ?? 'demo-erin'}, 'subscription', ${values.date ?? '2025-03-17'}::date,
              1, ${values.amount ?? '250000.00'}, ${values.id ?? 1})`;

test('a dealing must name a request of the same fund, investor and amount, once, on a NAV day', async () => {
  assert.is(await violation(dealing({})), 'fund_capital_movement_subscription_id_key');
  await sql`DELETE FROM fund_capital_movement WHERE subscription_id = 1`.execute(db);
  try {
    assert.is(await violation(dealing({})), null);
    assert.is(await violation(dealing({ user: 'demo-heidi' })), 'fund_capital_movement_subscription_request');
    assert.is(await violation(dealing({ amount: '249999.99' })), 'fund_capital_movement_subscription_request');
    assert.is(await violation(dealing({ fund: 2, date: '2025-03-31' })), 'fund_capital_movement_subscription_request');
    assert.is(await violation(dealing({ date: '2025-03-18' })), 'fund_capital_movement_nav');
  } finally {
    await dealing({}).execute(db);
  }
});

test('units exactly on dealings, a description exactly on fees, the request id exactly on its kind', async () => {
  const fee = (units: string | null, description: string | null) =>
    sql`INSERT INTO fund_capital_movement (fund_id, user_id, kind, effective_date, units, amount, description)
        VALUES (1, 'demo-erin', 'fee', '2025-03-31', ${units}, 10, ${description})`;
  assert.is(await violation(fee(null, 'Management fee')), null);
  assert.is(await violation(fee('1', 'Management fee')), 'fund_capital_movement_units');
  assert.is(await violation(fee(null, null)), 'fund_capital_movement_fee_description');
  assert.is(
    await violation(sql`INSERT INTO fund_capital_movement (fund_id, user_id, kind, effective_date, units, amount)
      VALUES (1, 'demo-erin', 'redemption', '2025-10-08', 1, 30000)`),
    'fund_capital_movement_redemption',
  );
  assert.is(
    await violation(sql`INSERT INTO fund_nav (fund_id, nav_date, nav_per_unit) VALUES (1, '2025-03-17', 1)`),
    'fund_nav_pkey',
  );
});

test('a dealt request’s amount cannot change; an undealt one’s can', async () => {
  assert.is(
    await violation(sql`UPDATE fund_subscription SET subscription_amount = 1 WHERE id = 1`),
    'fund_capital_movement_subscription_request',
  );
  assert.is(await violation(sql`UPDATE fund_subscription SET subscription_amount = 1 WHERE id = 2`), null);
});

test('down removes the tables and keys 0009 added; up adds them again', async () => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  const objects = async () =>
    (
      await sql<{ name: string }>`
        SELECT relname AS name FROM pg_class WHERE relname IN ('fund_nav', 'fund_capital_movement')
        UNION ALL SELECT conname FROM pg_constraint WHERE conname LIKE 'fund_%_dealing_key' ORDER BY 1`.execute(db)
    ).rows.map((row) => row.name);
  const all = ['fund_capital_movement', 'fund_nav', 'fund_redemption_dealing_key', 'fund_subscription_dealing_key'];
  assert.equal(await objects(), all);
  // Down to the migration before 0009 (undoing any later one too), then up to the latest again.
  const down = await migrator.migrateTo('0008-kyc-questionnaires');
  assert.is(down.error, undefined);
  assert.equal(await objects(), []);
  const up = await migrator.migrateToLatest();
  assert.is(up.error, undefined);
  assert.equal(await objects(), all);
});

test.run();
