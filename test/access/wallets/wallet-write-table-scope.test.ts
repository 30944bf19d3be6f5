// The wallet mutations' reads (src/access/wallets/wallet-write-table.ts) within an organization
// scope (docs/identity.md#organization-scope): Meridian's scope finds neither Aurora's wallet,
// nor Aurora itself, nor a wallet creation key used in Aurora; Aurora's own scope and every
// organization's find all three.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWalletWriteTable, type WalletWriteTable } from '../../../src/access/wallets/wallet-write-table.ts';
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

const key = { key: 'scope-test-key', digest: 'c'.repeat(64) };
const longAgo = new Date('2000-01-01T00:00:00Z');

test.before(async () => {
  database = await demoWalletDatabase();
  table = createWalletWriteTable(database.db);
  await database.db
    .insertInto('digital_wallet_creation_key')
    .values({ organization_id: aurora, idempotency_key: key.key, input_digest: key.digest, wallet_id: wallets.aurora })
    .execute();
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

test("another organization's scope finds no creation key of the organization; its own and every organization's do", async () => {
  assert.is(await table.findCreationKey(scopes.meridian, aurora, key.key, longAgo), null);
  const expected = { walletId: wallets.aurora, inputDigest: key.digest };
  assert.equal(await table.findCreationKey(scopes.aurora, aurora, key.key, longAgo), expected);
  assert.equal(await table.findCreationKey(scopes.every, aurora, key.key, longAgo), expected);
});

test.run();
