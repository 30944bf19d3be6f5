// Migration 0011 (src/db/migrations/0011-ledger-journal.ts; docs/ledger.md) on the demo data: the
// journal opens accounts for demo wallets and posts to them, down removes every table, function
// and constraint 0011 added even with transfers in the journal, and up adds them again.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLedgerJournal } from '../../src/access/ledger/ledger-journal.ts';
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
  await journal.post({
    id: 'deposit:demo-1',
    debitAccountId: world.id,
    creditAccountId: holding.id,
    asset: wallet.coin,
    amount: 5n,
  });
  assert.is((await journal.account(holding.id))!.balances.available, 5n);
});

test('down removes what 0011 added, transfers and all; up adds it again', async () => {
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
  const assets = await sql<{ code: string }>`SELECT code FROM ledger_asset`.execute(db);
  assert.equal(assets.rows, [{ code: 'USD' }]);
});

test.run();
