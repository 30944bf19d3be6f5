// Migration 0016 (src/db/migrations/0016-cached-records-notify.ts; docs/caches.md#writes-from-every-path)
// on the demo data: every statement that writes a record the cached results read is announced on
// `records_changed` once, at commit, naming its wallets (and for wallet rows and holdings their
// organizations and owners, before and after); coin tables name only themselves; a statement over
// too many wallets, and a TRUNCATE, say `every`; a rollback and a statement that changes no row say
// nothing. Down removes the triggers and functions, up adds them again.
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { createDatabaseNotifications, type DatabaseNotifications } from '../../src/db/database-notifications.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { demoOrganizationIds } from '../../src/db/seed/demo-organizations.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const { aurora, meridian } = demoOrganizationIds;

let database: TestDatabase;
let db: Db;
let client: pg.Client;
let notifications: DatabaseNotifications;
const received: unknown[] = [];
let markers = 0;
let markerSeen: (() => void) | undefined;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 2 }).db;
  await seedDemoData(db);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  notifications = createDatabaseNotifications({ url: database.url });
  await notifications.listen('records_changed', (payload) => received.push(payload && JSON.parse(payload)));
  await notifications.listen('test_marker', () => markerSeen?.());
});

test.after(async () => {
  await notifications?.close();
  await client?.end();
  await db?.destroy();
  await database?.drop();
});

/** Runs the statements, then what they announced: a marker notified last proves every earlier one arrived. */
async function announced(...statements: string[]): Promise<unknown[]> {
  received.length = 0;
  for (const statement of statements) await client.query(statement);
  const seen = new Promise<void>((resolve) => (markerSeen = resolve));
  markers += 1;
  await client.query(`SELECT pg_notify('test_marker', '${markers}')`);
  await seen;
  return [...received];
}

async function ownerOf(walletId: number): Promise<string> {
  return (await client.query('SELECT owner_user_id FROM digital_wallet WHERE id = $1', [walletId])).rows[0]
    .owner_user_id;
}

test('digital_wallet: the wallets, their organizations and owners, before and after a move', async () => {
  assert.equal(await announced(`UPDATE digital_wallet SET status = 'frozen' WHERE id = 1`), [
    { table: 'digital_wallet', wallets: [1], organizations: [aurora], owners: [await ownerOf(1)] },
  ]);
  assert.equal(
    await announced(`UPDATE digital_wallet SET organization_id = '${meridian}', owner_user_id = NULL WHERE id = 1`),
    [{ table: 'digital_wallet', wallets: [1], organizations: [aurora, meridian].sort(), owners: ['demo-alice'] }],
  );
});

test('digital_wallet_asset: one notice per statement, with the holders of every wallet it touched', async () => {
  const expected = (
    await client.query(
      `SELECT array_agg(DISTINCT organization_id::text ORDER BY organization_id::text) AS organizations,
              array_agg(DISTINCT owner_user_id ORDER BY owner_user_id) FILTER (WHERE owner_user_id IS NOT NULL) AS owners
       FROM digital_wallet WHERE id IN (2, 5)`,
    )
  ).rows[0];
  assert.equal(await announced('UPDATE digital_wallet_asset SET updated_at = now() WHERE wallet_id IN (2, 5)'), [
    { table: 'digital_wallet_asset', wallets: [2, 5], ...expected },
  ]);
});

test('a journal posting announces the holding its projection writes (docs/ledger.md#wallet-holdings)', async () => {
  const holders = { organizations: [aurora], owners: [await ownerOf(3)] };
  const notices = await announced(`SELECT ledger_deposit(3, 'ETH', 2, 'test:0016-projection')`);
  assert.ok(notices.length > 0, 'announced');
  // The holding, and the wallet whose USD value follows its holdings (docs/valuation.md#one-valuation).
  assert.equal(
    notices,
    notices.map((notice) => ({ table: (notice as { table: string }).table, wallets: [3], ...holders })),
  );
  assert.equal([...new Set(notices.map((notice) => (notice as { table: string }).table))].sort(), [
    'digital_wallet',
    'digital_wallet_asset',
  ]);
});

test('the other wallet records name their wallets only, for inserts, updates and deletes', async () => {
  for (const table of [
    'digital_wallet_address',
    'digital_wallet_whitelist_entry',
    'digital_wallet_transaction',
    'digital_wallet_pending_approval',
    'digital_wallet_value_history',
    'aml_report',
  ]) {
    const { rows } = await client.query(`SELECT array_agg(DISTINCT wallet_id ORDER BY wallet_id) AS ids FROM ${table}`);
    assert.ok(rows[0].ids?.length > 0, `${table} has demo rows`);
    assert.equal(
      await announced(`UPDATE ${table} SET wallet_id = wallet_id`),
      [{ table, wallets: rows[0].ids }],
      table,
    );
  }
  assert.equal(
    await announced(
      `INSERT INTO digital_wallet_address (wallet_id, address, network) VALUES (3, 'x-0016', 'ethereum')`,
    ),
    [{ table: 'digital_wallet_address', wallets: [3] }],
  );
  assert.equal(await announced(`DELETE FROM digital_wallet_address WHERE address = 'x-0016'`), [
    { table: 'digital_wallet_address', wallets: [3] },
  ]);
});

test('coin and coin_price name only the table; a statement that changes nothing, and a rollback, say nothing', async () => {
  assert.equal(await announced(`UPDATE coin_price SET usd_price = usd_price WHERE symbol = 'BTC'`), [
    { table: 'coin_price' },
  ]);
  assert.equal(await announced(`UPDATE coin SET name = name WHERE symbol = 'ETH'`), [{ table: 'coin' }]);
  assert.equal(
    await announced(
      `UPDATE coin_price SET usd_price = 1 WHERE symbol = 'NONE'`,
      `UPDATE digital_wallet_asset SET balance = 0 WHERE wallet_id = -1`,
      'BEGIN',
      `UPDATE digital_wallet SET label = 'rolled back' WHERE id = 2`,
      'ROLLBACK',
    ),
    [],
  );
});

test('a statement over more wallets than a notice holds, and a TRUNCATE, say every', async () => {
  assert.equal(
    await announced(
      `INSERT INTO digital_wallet (organization_id, label, coin, wallet_type)
       SELECT '${aurora}', 'bulk ' || n, 'BTC', 'custodial' FROM generate_series(1, 2000) AS n`,
    ),
    [{ table: 'digital_wallet', every: true }],
  );
  assert.equal(await announced('TRUNCATE digital_wallet_value_history'), [
    { table: 'digital_wallet_value_history', every: true },
  ]);
});

test('down removes the triggers and functions of 0016, up adds them again', async () => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  const objects = async () =>
    (
      await client.query(
        `SELECT count(*)::int AS triggers, (SELECT count(*)::int FROM pg_proc WHERE proname LIKE '%records_changed') AS functions
         FROM pg_trigger WHERE tgname LIKE '%\\_changed\\_%' AND NOT tgisinternal`,
      )
    ).rows[0];
  assert.equal(await objects(), { triggers: 40, functions: 4 });
  assert.is((await migrator.migrateTo('0012-wallet-holdings')).error, undefined);
  assert.equal(await objects(), { triggers: 0, functions: 0 });
  assert.equal(await announced(`UPDATE digital_wallet SET status = 'active' WHERE id = 1`), []);
  assert.is((await migrator.migrateToLatest()).error, undefined);
  assert.equal(await objects(), { triggers: 40, functions: 4 });
  assert.equal((await announced(`UPDATE digital_wallet SET status = 'frozen' WHERE id = 1`)).length, 1);
});

test.run();
