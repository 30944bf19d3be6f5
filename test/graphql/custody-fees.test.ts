// Network fees through the real service and the custody simulator over loopback HTTP
// (docs/custody.md#fees; schema.graphql WalletTransfer.feeBaseUnits, feeCoin, fee): a send pays its
// fee in the chain's coin, so a USDC send's fee is stored and shown in wei of ETH, never as USDC,
// and a BTC send's in satoshi; a send that is rejected, fails or drops out of the mempool pays none,
// and storing it clears the fee stored while it was on its way. Expected figures by hand: the
// simulator's flat fees are 0.00042 ETH (420,000,000,000,000 wei) and 1,000 satoshi (0.00001 BTC).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectData } from '../support/graphql-answer.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  btcDestination,
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
  storedTransfers,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
const ethDestination = `0x${'ab'.repeat(20)}`;

test.after(() => api.close());

const send = (input: Record<string, unknown>) => custodyMutation(api, 'send', alice.secret, input);
const feeOf = (transfer: any) => [transfer.feeBaseUnits, transfer.feeCoin, transfer.fee];
const storedFees = async (walletId: number) =>
  (await storedTransfers(api, walletId)).map((row) => [row.direction, row.coin, row.state, row.fee, row.fee_coin]);

async function btcWallet(approvalsRequired: number) {
  const wallet = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    approvalsRequired,
  });
  custody.simulator.control.receive({ walletId: wallet.custodian.id, amount: '10000000' });
  return wallet;
}

test('a USDC send stores and shows its fee in wei of ETH, the USDC amount in USDC', async () => {
  const { walletId, custodian } = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    coin: 'ETH',
  });
  custody.simulator.control.receive({ walletId: custodian.id, amount: '1000000000000000000' });
  custody.simulator.control.receive({ walletId: custodian.id, coin: 'usdc', amount: '5000000' });
  const sent = await send({ walletId, coin: 'USDC', address: ethDestination, amount: '1000000' });
  assert.equal(
    [sent.outcome, sent.transfer.coin, sent.transfer.amountBaseUnits, sent.transfer.amount, ...feeOf(sent.transfer)],
    ['TRANSFER_CREATED', 'USDC', '1000000', '1', '420000000000000', 'ETH', '0.00042'],
  );
  assert.equal(await storedFees(walletId), [['send', 'USDC', 'signed', '420000000000000', 'ETH']]);
  // The custodian took the gas from the wallet's ETH and the amount from its USDC.
  assert.equal(
    [
      custody.simulator.control.spendableBalance(custodian.id, 'eth'),
      custody.simulator.control.spendableBalance(custodian.id, 'usdc'),
    ],
    ['999580000000000000', '4000000'],
  );
  const detail = expectData(
    await api.graphql(
      `query ($id: Int!) { digitalWalletDetailById(id: $id) { recentTransactions { id coin feeBaseUnits feeCoin fee } } }`,
      { id: walletId },
      { key: alice.secret },
    ),
  );
  assert.equal(detail.digitalWalletDetailById.recentTransactions, [
    { id: sent.transfer.id, coin: 'USDC', feeBaseUnits: '420000000000000', feeCoin: 'ETH', fee: '0.00042' },
  ]);
});

test('a BTC send pays satoshi; a sync keeps the fee with its coin, and a receive has none', async () => {
  const { walletId } = await btcWallet(0);
  const sent = await send({ walletId, address: btcDestination, amount: '150000' });
  assert.equal(feeOf(sent.transfer), ['1000', 'BTC', '0.00001']);
  custody.simulator.control.confirmTransfer(sent.transfer.id);
  const synced = await custodyMutation(api, 'sync', alice.secret, { walletId });
  assert.equal([synced.sync.insertedCount, synced.sync.updatedCount], [1, 1]);
  assert.equal(await storedFees(walletId), [
    ['receive', 'BTC', 'confirmed', null, null],
    ['send', 'BTC', 'confirmed', '1000', 'BTC'],
  ]);
});

test('a rejected send pays no fee: the fee stored while it awaited approval is cleared', async () => {
  const { walletId } = await btcWallet(1);
  const sent = await send({ walletId, address: btcDestination, amount: '5000000' });
  assert.equal([sent.outcome, ...feeOf(sent.transfer)], ['PENDING_APPROVAL', '1000', 'BTC', '0.00001']);
  assert.equal(await storedFees(walletId), [['send', 'BTC', 'pendingApproval', '1000', 'BTC']]);
  const rejected = await custodyMutation(api, 'resolve', frank.secret, {
    approvalId: sent.pendingApproval.id,
    decision: 'REJECT',
  });
  assert.equal([rejected.transfer.state, ...feeOf(rejected.transfer)], ['REJECTED', null, null, null]);
  assert.equal([rejected.pendingApproval.transfer.fee], [null]);
  assert.equal(await storedFees(walletId), [['send', 'BTC', 'rejected', null, null]]);
});

test('a send that fails or drops out of the mempool pays no fee once synced; one that confirms keeps it', async () => {
  const { walletId } = await btcWallet(0);
  const ids = [];
  for (const amount of ['1000', '2000', '3000'])
    ids.push((await send({ walletId, address: btcDestination, amount })).transfer.id);
  await custodyMutation(api, 'sync', alice.secret, { walletId });
  const onTheirWay = (await storedFees(walletId)).filter((row) => row[0] === 'send');
  assert.equal(onTheirWay, [
    ['send', 'BTC', 'signed', '1000', 'BTC'],
    ['send', 'BTC', 'signed', '1000', 'BTC'],
    ['send', 'BTC', 'signed', '1000', 'BTC'],
  ]);
  const [failing, dropped, confirmed] = ids as [string, string, string];
  custody.simulator.control.advanceTransfer(failing, 'failed');
  custody.simulator.control.advanceTransfer(dropped, 'unconfirmed');
  custody.simulator.control.advanceTransfer(dropped, 'removed');
  custody.simulator.control.confirmTransfer(confirmed);
  const synced = await custodyMutation(api, 'sync', alice.secret, { walletId });
  assert.is(synced.sync.updatedCount, 3);
  const rows = await storedTransfers(api, walletId);
  const byId = (id: string) => rows.find((row) => row.transfer_id === id)!;
  assert.equal(
    [failing, dropped, confirmed].map((id) => [byId(id).state, byId(id).fee, byId(id).fee_coin]),
    [
      ['failed', null, null],
      ['removed', null, null],
      ['confirmed', '1000', 'BTC'],
    ],
  );
});

test.run();
