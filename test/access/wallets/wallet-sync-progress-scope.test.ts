// The transfer sync's claim on a wallet (src/access/wallets/wallet-sync-progress.ts) within an
// organization scope (docs/identity.md#organization-scope): Meridian's scope cannot claim Aurora's
// wallet, reads no progress of it and writes nothing; Aurora's own scope and every organization's
// claim it and read its progress.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWalletSyncProgress, type WalletSyncProgress } from '../../../src/access/wallets/wallet-sync-progress.ts';
import { type DemoWalletDatabase, demoWalletDatabase, scopes, wallets } from './support/demo-wallet-database.ts';

const leaseMs = 60_000;
const untouched = { syncedThrough: null, lastSyncedAt: null, run: null };

let database: DemoWalletDatabase;
let progress: WalletSyncProgress;

const syncRows = () =>
  database.db.selectFrom('digital_wallet_transfer_sync').select('wallet_id').orderBy('wallet_id').execute();

test.before(async () => {
  database = await demoWalletDatabase();
  progress = createWalletSyncProgress(database.db);
});

test.after(() => database.close());

test("another organization's scope claims nothing and writes nothing", async () => {
  assert.is(await progress.claim(scopes.meridian, wallets.aurora, randomUUID(), leaseMs), null);
  assert.equal(await syncRows(), []);
});

test("the wallet's own organization and every organization claim it and read its progress", async () => {
  const token = randomUUID();
  assert.equal(await progress.claim(scopes.aurora, wallets.aurora, token, leaseMs), untouched);
  await progress.release(wallets.aurora, token);
  assert.equal(await progress.claim(scopes.every, wallets.aurora, randomUUID(), leaseMs), untouched);
  assert.equal(await syncRows(), [{ wallet_id: wallets.aurora }]);
});

test.run();
