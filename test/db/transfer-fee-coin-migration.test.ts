// Migration 0017 (src/db/migrations/0017-transfer-fee-coin.ts; docs/custody.md#fees) on a database
// that held transfers before it: down to the migration before it, rows stored as they were then
// (a fee without a coin), up again. Each network's fee coin is marked on the demo coins; a fee is
// given the fee coin of its coin's network (ETH for a USDC send, never USDC); a fee of a send that
// ended off the chain, or of a network without a known fee coin, is cleared; a row without a fee
// stays without one.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { demoWalletIds } from '../../src/db/seed/demo-wallets.ts';
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

const migrator = () =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });

/** The rows of the test, as a wallet's transfers were stored before migration 0017. */
const rowsBefore: [transferId: string, walletId: number, coin: string, state: string, fee: string | null][] = [
  ['fee-usdc-signed', demoWalletIds.auroraEthTreasury, 'USDC', 'signed', '420000000000000'],
  ['fee-eth-confirmed', demoWalletIds.auroraEthTreasury, 'ETH', 'confirmed', '420000000000000'],
  ['fee-btc-pending', demoWalletIds.auroraBtcCustody, 'BTC', 'pendingApproval', '1000'],
  ['fee-btc-rejected', demoWalletIds.auroraBtcCustody, 'BTC', 'rejected', '1000'],
  ['fee-btc-failed', demoWalletIds.auroraBtcCustody, 'BTC', 'failed', '1000'],
  ['fee-zeta-signed', demoWalletIds.auroraEthTreasury, 'ZUSD', 'signed', '7'],
  ['no-fee-confirmed', demoWalletIds.auroraBtcCustody, 'BTC', 'confirmed', null],
];

test('up gives each fee the fee coin of its network and clears the fees no one paid', async () => {
  const names = Object.keys(migrations);
  const before = names[names.indexOf('0017-transfer-fee-coin') - 1]!;
  assert.is((await migrator().migrateTo(before)).error, undefined);
  await sql`INSERT INTO coin (symbol, name, network, decimals) VALUES ('ZUSD', 'Zeta dollar', 'zeta', 6)`.execute(db);
  for (const [transferId, walletId, coin, state, fee] of rowsBefore)
    await sql`INSERT INTO digital_wallet_transaction (wallet_id, transfer_id, direction, coin, amount_base_units, state, fee_base_units)
      VALUES (${walletId}, ${transferId}, 'send', ${coin}, 1, ${state}, ${fee})`.execute(db);

  assert.is((await migrator().migrateToLatest()).error, undefined);
  const coins = await sql<{ symbol: string }>`SELECT symbol FROM coin WHERE network_fee_coin ORDER BY symbol`.execute(
    db,
  );
  assert.equal(
    coins.rows.map((row) => row.symbol),
    ['AVAX', 'BTC', 'ETH', 'SOL'],
  );
  const stored = await sql<{ transfer_id: string; fee: string | null; fee_coin: string | null }>`
    SELECT transfer_id, fee_base_units::text AS fee, fee_coin FROM digital_wallet_transaction
    WHERE transfer_id IN (${sql.join(rowsBefore.map((row) => row[0]))}) ORDER BY transfer_id`.execute(db);
  assert.equal(stored.rows, [
    { transfer_id: 'fee-btc-failed', fee: null, fee_coin: null },
    { transfer_id: 'fee-btc-pending', fee: '1000', fee_coin: 'BTC' },
    { transfer_id: 'fee-btc-rejected', fee: null, fee_coin: null },
    { transfer_id: 'fee-eth-confirmed', fee: '420000000000000', fee_coin: 'ETH' },
    { transfer_id: 'fee-usdc-signed', fee: '420000000000000', fee_coin: 'ETH' },
    { transfer_id: 'fee-zeta-signed', fee: null, fee_coin: null },
    { transfer_id: 'no-fee-confirmed', fee: null, fee_coin: null },
  ]);
});

test.run();
