// The simulator adopting wallets the platform already knows (docs/custody.md#demo-wallets-in-the-simulator):
// under their own ids, with opening balances that sends draw on, their addresses and whitelist,
// and sends waiting for approval that can be resolved; malformed input adopts nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCustodySimulator } from '../../../src/providers/custody/custody-simulator.ts';
import { custodyRejection } from './support/custody-harness.ts';

const walletId = 'ab'.repeat(12);
const deposit = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const cold = `bc1q${'z'.repeat(38)}`;
const elsewhere = `bc1q${'x'.repeat(38)}`;
const pending = {
  transferId: 'cd'.repeat(12),
  approvalId: 'ef'.repeat(16),
  coin: 'btc',
  address: cold,
  amount: '200000000',
  creator: 'demo-bob',
  approvalsRequired: 1,
  approvalsReceived: 0,
  createdAt: new Date('2026-01-10T16:00:00.000Z'),
};

function adopted() {
  const simulator = createCustodySimulator({ seed: 'adoption' });
  const wallet = simulator.control.adoptWallet({
    id: walletId,
    coin: 'btc',
    label: 'Aurora BTC Custody',
    type: 'custodial',
    approvalsRequired: 1,
    balances: { btc: '4275000000' },
    addresses: [deposit],
    whitelist: [{ address: cold, label: 'cold storage' }],
    pendingSends: [pending],
  });
  return { simulator, wallet };
}

test('an adopted wallet keeps its id, addresses and policy; its opening balance less what waits for approval is spendable', () => {
  const { simulator, wallet } = adopted();
  assert.equal(wallet, {
    id: walletId,
    coin: 'btc',
    label: 'Aurora BTC Custody',
    type: 'custodial',
    approvalsRequired: 1,
    receiveAddress: { id: wallet.receiveAddress.id, walletId, coin: 'btc', address: deposit, index: 0, label: null },
  });
  assert.is(simulator.control.spendableBalance(walletId), String(4275000000 - 200000000 - 1000));
});

test('sends from it keep to its whitelist and its balance', async () => {
  const { simulator } = adopted();
  const send = { coin: 'btc', walletId, userId: 'demo-alice' };
  assert.is(
    (await custodyRejection(simulator.sendCoins({ ...send, address: elsewhere, amount: '1000' }))).reason,
    'addressNotWhitelisted',
  );
  assert.is(
    (await custodyRejection(simulator.sendCoins({ ...send, address: cold, amount: '4074998001' }))).reason,
    'insufficientBalance',
  );
  const sent = await simulator.sendCoins({ ...send, address: cold, amount: '4074998000' });
  assert.is(sent.outcome, 'pendingApproval');
});

test('its pending send is resolved like any other: not by its creator, then signed', async () => {
  const { simulator } = adopted();
  const approval = { approvalId: pending.approvalId, decision: 'approved' as const };
  assert.is(
    (await custodyRejection(simulator.resolvePendingApproval({ ...approval, userId: 'demo-bob' }))).reason,
    'selfApproval',
  );
  const resolved = await simulator.resolvePendingApproval({ ...approval, userId: 'demo-alice' });
  assert.equal([resolved.state, resolved.transferId], ['approved', pending.transferId]);
  const transfer = await simulator.getTransfer('btc', walletId, pending.transferId);
  assert.equal([transfer.state, transfer.amount, transfer.createdAt], ['signed', '200000000', pending.createdAt]);
});

test('malformed input adopts nothing', async () => {
  const simulator = createCustodySimulator({ seed: 'adoption' });
  const base = { id: walletId, coin: 'btc', label: 'x', type: 'custodial' as const };
  const refusals: [object, string][] = [
    [{ id: 'XYZ' }, 'the id is not 24 to 64 lowercase hexadecimal characters'],
    [{ coin: 'usdc' }, 'usdc is not a coin a wallet can hold'],
    [{ balances: { eth: '1' } }, 'a btc wallet cannot hold eth'],
    [{ balances: { btc: '1.5' } }, 'the btc balance 1.5 is not a whole number of base units'],
    [{ addresses: ['0xabc'] }, '0xabc is not a btc address'],
    [
      { pendingSends: [{ ...pending, approvalId: 'short' }] },
      'approval id short is not a new id of 32 lowercase hexadecimal characters',
    ],
  ];
  for (const [change, problem] of refusals) {
    const wallet = { ...base, ...change };
    assert.throws(
      () => simulator.control.adoptWallet(wallet),
      (error: Error) => error.message === `custody simulator: cannot adopt wallet ${wallet.id}: ${problem}`,
      problem,
    );
  }
  assert.is((await custodyRejection(simulator.getTransfer('btc', walletId, pending.transferId))).reason, 'notFound');
  simulator.control.adoptWallet(base);
  assert.throws(() => simulator.control.adoptWallet(base), /a wallet with this id exists/);
});

test.run();
