// The custody simulator's network fees (docs/custody.md#fees): a send pays its fee in the chain's
// coin from the same wallet, so a USDC send needs USDC for the amount and ETH for the gas, each
// checked against its own spendable balance; a fee held by a send waiting for approval counts
// against the fee coin until the send ends; a send that ends off the chain pays none. Expected
// figures are worked out by hand from the flat fees of simulated-coins.ts (0.00042 ETH, 1,000
// satoshi) or the `networkFees` given.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCustodySimulator } from '../../../src/providers/custody/custody-simulator.ts';
import { custodyRejection } from './support/custody-harness.ts';

const alice = 'auth0|alice';
const bob = 'auth0|bob';
const ethDestination = `0x${'ab'.repeat(20)}`;
/** 0.00042 ETH in wei: the simulator's fee of an Ethereum send, a token's too. */
const gas = 420_000_000_000_000n;

async function ethWallet(holdings: { eth?: bigint; usdc?: bigint }, approvalsRequired = 0) {
  const simulator = createCustodySimulator({ seed: 'fees' });
  const wallet = await simulator.createWallet({
    coin: 'eth',
    label: 'Stablecoins',
    type: 'custodial',
    approvalsRequired,
  });
  if (holdings.eth) simulator.control.receive({ walletId: wallet.id, amount: String(holdings.eth) });
  if (holdings.usdc) simulator.control.receive({ walletId: wallet.id, coin: 'usdc', amount: String(holdings.usdc) });
  const sendUsdc = (amount: bigint) =>
    simulator.sendCoins({
      coin: 'usdc',
      walletId: wallet.id,
      address: ethDestination,
      amount: String(amount),
      userId: alice,
    });
  const spendable = (coin: string) => simulator.control.spendableBalance(wallet.id, coin);
  return { simulator, wallet, sendUsdc, spendable };
}

test('a USDC send takes exactly its amount of USDC and its gas of ETH, each from its own balance', async () => {
  const { sendUsdc, spendable } = await ethWallet({ eth: gas, usdc: 2_500_000n });
  const sent = await sendUsdc(2_500_000n);
  if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
  assert.equal(
    [sent.transfer.coin, sent.transfer.amount, sent.transfer.fee, sent.transfer.feeCoin],
    ['usdc', '2500000', '420000000000000', 'eth'],
  );
  assert.equal([spendable('usdc'), spendable('eth')], ['0', '0']);
});

test('one wei of gas short, or one base unit of USDC short, is refused naming the coin that is short', async () => {
  const shortOfGas = await ethWallet({ eth: gas - 1n, usdc: 2_500_000n });
  const noGas = await custodyRejection(shortOfGas.sendUsdc(2_500_000n));
  assert.equal(
    [noGas.reason, noGas.custodian?.error],
    [
      'insufficientBalance',
      `wallet ${shortOfGas.wallet.id} can spend 419999999999999 base units of eth; the send needs 420000000000000`,
    ],
  );
  // USDC is no gas: plenty of it does not pay for the send.
  const richInUsdc = await ethWallet({ usdc: 10_000_000_000n });
  const stillNoGas = await custodyRejection(richInUsdc.sendUsdc(1n));
  assert.is(
    stillNoGas.custodian?.error,
    `wallet ${richInUsdc.wallet.id} can spend 0 base units of eth; the send needs 420000000000000`,
  );
  const shortOfUsdc = await ethWallet({ eth: 10n ** 18n, usdc: 2_499_999n });
  const noUsdc = await custodyRejection(shortOfUsdc.sendUsdc(2_500_000n));
  assert.is(
    noUsdc.custodian?.error,
    `wallet ${shortOfUsdc.wallet.id} can spend 2499999 base units of usdc; the send needs 2500000`,
  );
  assert.equal([shortOfUsdc.spendable('usdc'), shortOfUsdc.spendable('eth')], ['2499999', '1000000000000000000']);
});

test('an ETH send pays amount and gas from the one ETH balance', async () => {
  const { simulator, wallet, spendable } = await ethWallet({ eth: 1_000_000n + gas });
  const send = { coin: 'eth', walletId: wallet.id, address: ethDestination, userId: alice };
  const tooMuch = await custodyRejection(simulator.sendCoins({ ...send, amount: '1000001' }));
  assert.is(
    tooMuch.custodian?.error,
    `wallet ${wallet.id} can spend 420000001000000 base units of eth; the send needs 420000001000001`,
  );
  const sent = await simulator.sendCoins({ ...send, amount: '1000000' });
  if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
  assert.equal([sent.transfer.fee, sent.transfer.feeCoin], ['420000000000000', 'eth']);
  assert.is(spendable('eth'), '0');
});

test('gas held by a send awaiting approval blocks the next token send; rejected, it pays none and frees the gas', async () => {
  const { simulator, sendUsdc, spendable } = await ethWallet({ eth: gas, usdc: 5_000_000n }, 1);
  const held = await sendUsdc(1_000_000n);
  if (held.outcome !== 'pendingApproval' || !held.transfer) throw new Error('expected a pending approval');
  assert.equal([held.transfer.fee, held.transfer.feeCoin], ['420000000000000', 'eth']);
  assert.equal([spendable('usdc'), spendable('eth')], ['4000000', '0']);
  const blocked = await custodyRejection(sendUsdc(1_000_000n));
  assert.is(blocked.reason, 'insufficientBalance');

  await simulator.resolvePendingApproval({ approvalId: held.pendingApproval.id, decision: 'rejected', userId: bob });
  const rejected = await simulator.getTransfer('usdc', held.transfer.walletId, held.transfer.id);
  assert.equal([rejected.state, rejected.fee, rejected.feeCoin], ['rejected', null, null]);
  assert.equal([spendable('usdc'), spendable('eth')], ['5000000', '420000000000000']);
  assert.is((await sendUsdc(1_000_000n)).outcome, 'pendingApproval');
});

test('a send that fails or drops out of the mempool reports no fee; a confirmed one keeps its fee', async () => {
  const simulator = createCustodySimulator({ seed: 'fees', networkFees: { btc: '2500' } });
  const wallet = await simulator.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
  simulator.control.receive({ walletId: wallet.id, amount: '100000' });
  const send = async (amount: string) => {
    const sent = await simulator.sendCoins({
      coin: 'btc',
      walletId: wallet.id,
      address: `bc1q${'x'.repeat(38)}`,
      amount,
      userId: alice,
    });
    if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
    return sent.transfer.id;
  };
  const [failing, dropped, confirmed] = [await send('1000'), await send('2000'), await send('3000')];
  // 100,000 − (1,000 + 2,000 + 3,000) − 3 × 2,500 satoshi.
  assert.is(simulator.control.spendableBalance(wallet.id), '86500');
  const failed = simulator.control.advanceTransfer(failing, 'failed');
  simulator.control.advanceTransfer(dropped, 'unconfirmed');
  const removed = simulator.control.advanceTransfer(dropped, 'removed');
  const done = simulator.control.confirmTransfer(confirmed);
  assert.equal(
    [failed, removed, done].map((transfer) => [transfer.state, transfer.fee, transfer.feeCoin]),
    [
      ['failed', null, null],
      ['removed', null, null],
      ['confirmed', '2500', 'btc'],
    ],
  );
  // 100,000 − 3,000 − 2,500 satoshi.
  assert.is(simulator.control.spendableBalance(wallet.id), '94500');
});

test.run();
