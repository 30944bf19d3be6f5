// The wallet mutations' reads (src/records/wallets/wallet-write-table.ts) within an organization
// scope (docs/identity.md#organization-scope): Meridian's scope finds neither Aurora's wallet,
// nor Aurora itself, nor an address of Aurora's wallet (what a repeated `createDigitalWalletAddress`
// answers); Aurora's own scope and every organization's find all three.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWalletWriteTable, type WalletWriteTable } from '../../../src/records/wallets/wallet-write-table.ts';
import { demoWallets } from '../../../src/db/seed/demo-wallets.ts';
import {
  aurora,
  type DemoWalletDatabase,
  demoWalletDatabase,
  scopes,
  wallets,
} from './support/demo-wallet-database.ts';

let database: DemoWalletDatabase;
let table: WalletWriteTable;

let address: { id: number; address: string; network: string; label: string | null; createdAt: Date };

test.before(async () => {
  database = await demoWalletDatabase();
  table = createWalletWriteTable(database.db);
  address = await database.db
    .selectFrom('digital_wallet_address')
    .select(['id', 'address', 'network', 'label', 'created_at as createdAt'])
    .where('wallet_id', '=', wallets.aurora)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});

test.after(() => database.close());

test("another organization's scope finds no such wallet; its own and every organization's do", async () => {
  assert.is(await table.findWallet(scopes.meridian, wallets.aurora), null);
  const expected = {
    id: wallets.aurora,
    organizationId: aurora,
    coin: 'BTC',
    network: 'bitcoin',
    status: 'active',
    custodianWalletId: demoWallets[0]?.custodian_wallet_id,
  };
  assert.equal(await table.findWallet(scopes.aurora, wallets.aurora), expected);
  assert.equal(await table.findWallet(scopes.every, wallets.aurora), expected);
});

test("another organization's scope finds no such organization; its own and every organization's do", async () => {
  assert.is(await table.organizationExists(scopes.meridian, aurora), false);
  assert.is(await table.organizationExists(scopes.aurora, aurora), true);
  assert.is(await table.organizationExists(scopes.every, aurora), true);
});

test("another organization's scope finds no address of the organization's wallet; its own and every organization's do", async () => {
  assert.is(await table.findAddress(scopes.meridian, address.id), null);
  const expected = { ...address, walletId: wallets.aurora };
  assert.equal(await table.findAddress(scopes.aurora, address.id), expected);
  assert.equal(await table.findAddress(scopes.every, address.id), expected);
});

test.run();
