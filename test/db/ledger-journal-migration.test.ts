// Migrations 0011, 0012 and 0021 (src/db/migrations/0011-ledger-journal.ts, 0012-wallet-holdings.ts,
// 0021-ledger-ensure-account.ts; docs/ledger.md) on the demo data: the journal opens accounts for
// demo wallets and posts to them,
// down removes every table, function and constraint they added even with transfers in the journal,
// and up adds them again, carrying the stored balances in as opening deposits.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLedgerJournal } from '../../src/records/ledger/ledger-journal.ts';
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

const objects = async () =>
  (
    await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class WHERE relname LIKE 'ledger\\_%' AND relkind = 'r'
      UNION ALL SELECT proname FROM pg_proc WHERE proname LIKE 'ledger\\_%'
      UNION ALL SELECT conname FROM pg_constraint WHERE conname = 'coin_symbol_decimals_key' ORDER BY 1`.execute(db)
  ).rows.map((row) => row.name);

const all = [
  'coin_symbol_decimals_key',
  'ledger_account',
  'ledger_account_move',
  'ledger_asset',
  'ledger_deposit',
  // Migration 0021: the one home of opening an account.
  'ledger_ensure_account',
  'ledger_find_account',
  'ledger_link',
  'ledger_refuse_change',
  'ledger_transfer',
  'ledger_transfer_check',
  'ledger_transfer_join_link',
  'ledger_transfer_project',
];

test('the journal posts between accounts of demo wallets', async () => {
  const journal = createLedgerJournal(db);
  const wallet = await db.selectFrom('digital_wallet').select(['id', 'coin']).orderBy('id').executeTakeFirstOrThrow();
  const world = await journal.ensureAccount({ kind: 'world', asset: wallet.coin });
  const holding = await journal.ensureAccount({ kind: 'wallet', walletId: wallet.id, asset: wallet.coin });
  const opening = holding.balances.available;
  assert.ok(opening > 0n, 'the demo wallet opened with a balance (migration 0012)');
  await journal.post({
    id: 'deposit:demo-1',
    debitAccountId: world.id,
    creditAccountId: holding.id,
    asset: wallet.coin,
    amount: 5n,
  });
  assert.is((await journal.account(holding.id))!.balances.available, opening + 5n);
});

test('down removes what 0011, 0012 and 0021 added, transfers and all; up adds it again', async () => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  assert.equal(await objects(), all);
  const down = await migrator.migrateTo('0010-approval-decided-by');
  assert.is(down.error, undefined);
  assert.equal(await objects(), []);
  const up = await migrator.migrateToLatest();
  assert.is(up.error, undefined);
  assert.equal(await objects(), all);
  // 0012 carried the stored balances in again, each coin an asset of its own beside USD.
  const assets = await sql<{ code: string }>`SELECT code FROM ledger_asset ORDER BY code`.execute(db);
  const coins = await sql<{ code: string }>`SELECT DISTINCT symbol AS code FROM digital_wallet_asset
    WHERE balance <> 0 UNION SELECT 'USD' ORDER BY code`.execute(db);
  assert.equal(assets.rows, coins.rows);
  // Each holding is its opening deposit again, and exactly the confirmed transfers count as in it.
  const drift = await sql`SELECT a.id FROM digital_wallet_asset a JOIN ledger_account h
      ON h.kind = 'wallet' AND h.wallet_id = a.wallet_id AND h.asset = a.symbol
    JOIN ledger_asset c ON c.code = a.symbol
    WHERE a.balance * 10::numeric ^ c.decimals <> h.credits_posted - h.debits_posted`.execute(db);
  assert.equal(drift.rows, []);
  const marks = await sql<{ state: string; carried: boolean }>`SELECT DISTINCT state, in_opening_balance AS carried
    FROM digital_wallet_transaction ORDER BY state, carried`.execute(db);
  for (const { state, carried } of marks.rows) assert.is(carried, state === 'confirmed', state);
  assert.ok(marks.rows.some((row) => row.carried));
});

test.run();
