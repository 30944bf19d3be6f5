// The custody mutations' reads (src/access/wallets/wallet-transfer-table.ts) within an
// organization scope (docs/identity.md#organization-scope): Meridian's scope reads nothing of
// Aurora's wallet (the wallet by id or custodian id, its transfers, idempotency keys, whitelist
// entries) and learns of its stored approval only that it is out of scope; Aurora's own scope
// and every organization's read them all.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createWalletTransferTable,
  outOfScope,
  type WalletTransferTable,
} from '../../../src/access/wallets/wallet-transfer-table.ts';
import { DEMO_PENDING_APPROVAL_ID, demoTransactions } from '../../../src/db/seed/demo-wallet-activity.ts';
import { demoWallets, demoWhitelistEntries } from '../../../src/db/seed/demo-wallets.ts';
import {
  aurora,
  type DemoWalletDatabase,
  demoWalletDatabase,
  scopes,
  wallets,
} from './support/demo-wallet-database.ts';

const custodianWalletId = demoWallets[0]?.custodian_wallet_id as string;
const auroraWallet = {
  id: wallets.aurora,
  organizationId: aurora,
  status: 'active',
  coin: 'BTC',
  network: 'bitcoin',
  custodianWalletId,
};
const transferId = demoTransactions[0]?.transfer_id as string;
const whitelisted = demoWhitelistEntries[0]?.address as string;
const sequenceId = 'd'.repeat(64);
const scopesOfAurora = [scopes.aurora, scopes.every];

let database: DemoWalletDatabase;
let table: WalletTransferTable;

test.before(async () => {
  database = await demoWalletDatabase();
  table = createWalletTransferTable(database.db);
  await database.db
    .updateTable('digital_wallet_transaction')
    .set({ sequence_id: sequenceId })
    .where('transfer_id', '=', transferId)
    .execute();
});

test.after(() => database.close());

test("the wallet, by id and by custodian id: none in another organization's scope", async () => {
  assert.is(await table.findWallet(scopes.meridian, wallets.aurora), null);
  assert.is(await table.findWalletByCustodianId(scopes.meridian, custodianWalletId), null);
  for (const scope of scopesOfAurora) {
    assert.equal(await table.findWallet(scope, wallets.aurora), auroraWallet);
    assert.equal(await table.findWalletByCustodianId(scope, custodianWalletId), auroraWallet);
  }
});

test('a stored approval of the wallet: out of scope for another organization, with its wallet for its own', async () => {
  assert.is(await table.findApproval(scopes.meridian, DEMO_PENDING_APPROVAL_ID), outOfScope);
  for (const scope of scopesOfAurora)
    assert.equal(await table.findApproval(scope, DEMO_PENDING_APPROVAL_ID), {
      wallet: auroraWallet,
      createdBy: 'demo-bob',
    });
  assert.is(await table.findApproval(scopes.every, 'f'.repeat(32)), null, 'not stored');
});

test("the wallet's transfers and their idempotency keys: none in another organization's scope", async () => {
  assert.is(await table.readTransfer(scopes.meridian, transferId), null);
  assert.equal(await table.walletsWithSequenceId(scopes.meridian, sequenceId), []);
  for (const scope of scopesOfAurora) {
    const transfer = await table.readTransfer(scope, transferId);
    assert.equal([transfer?.transferId, transfer?.walletId], [transferId, wallets.aurora]);
    assert.equal(await table.walletsWithSequenceId(scope, sequenceId), [wallets.aurora]);
  }
});

test("the wallet's whitelist entries: none in another organization's scope", async () => {
  assert.is(await table.findWhitelistEntry(scopes.meridian, wallets.aurora, whitelisted), null);
  for (const scope of scopesOfAurora) {
    const entry = await table.findWhitelistEntry(scope, wallets.aurora, whitelisted);
    assert.equal(
      [entry?.walletId, entry?.address, entry?.label],
      [wallets.aurora, whitelisted, 'Aurora cold storage (Zug)'],
    );
  }
});

test.run();
