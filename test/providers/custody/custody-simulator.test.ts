// What only the simulator has (docs/custody.md#the-simulator): ids from a seed, the control
// moves and the transitions they refuse, a send threshold, transfers that move on by themselves,
// records handed out as copies, and the choice of the simulator when CUSTODY_URL is unset.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../../src/config/config.ts';
import { createCustodyProvider } from '../../../src/providers/custody/create-custody-provider.ts';
import { createCustodySimulator } from '../../../src/providers/custody/custody-simulator.ts';
import { capturingLogger, manualClock } from './support/custody-harness.ts';

const destination = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const alice = 'auth0|alice';

async function fundedWallet(simulator = createCustodySimulator({ seed: 'simulator' })) {
  const wallet = await simulator.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
  simulator.control.receive({ walletId: wallet.id, amount: '100000000' });
  return { simulator, wallet };
}

test('the same seed gives the same ids and addresses; another seed others', async () => {
  const make = (seed: string) =>
    createCustodySimulator({ seed }).createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
  const [first, again, other] = await Promise.all([make('a'), make('a'), make('b')]);
  assert.equal(first, again);
  assert.is.not(first.id, other.id);
  assert.is.not(first.receiveAddress.address, other.receiveAddress.address);
  // The documented formula, written out here: the first 128 bits of SHA-256 of `seed:1`.
  assert.is(first.id, createHash('sha256').update('a:1').digest('hex').slice(0, 32));
});

test('control moves follow the state machine and refuse other moves', async () => {
  const { simulator, wallet } = await fundedWallet();
  const sent = await simulator.sendCoins({
    coin: 'btc',
    walletId: wallet.id,
    address: destination,
    amount: '1000',
    userId: alice,
  });
  if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
  const id = sent.transfer.id;
  assert.throws(
    () => simulator.control.advanceTransfer(id, 'removed'),
    (error: Error) => error.message === `custody simulator: transfer ${id} is signed and cannot become removed`,
  );
  assert.is(simulator.control.advanceTransfer(id, 'unconfirmed').state, 'unconfirmed');
  assert.is(simulator.control.advanceTransfer(id, 'replaced').state, 'replaced');
  assert.throws(() => simulator.control.confirmTransfer(id), /is replaced and cannot become confirmed/);
  // A replaced send no longer holds the funds.
  assert.is(simulator.control.spendableBalance(wallet.id), '100000000');

  const deposit = simulator.control.receive({ walletId: wallet.id, amount: '5000', confirmed: false });
  assert.equal([deposit.state, deposit.confirmedAt], ['unconfirmed', null]);
  assert.is(simulator.control.spendableBalance(wallet.id), '100000000');
  assert.is(simulator.control.confirmTransfer(deposit.id).state, 'confirmed');
  assert.is(simulator.control.spendableBalance(wallet.id), '100005000');
  assert.throws(
    () => simulator.control.receive({ walletId: wallet.id, amount: '1', coin: 'usdc' }),
    /cannot hold usdc/,
  );
  assert.throws(() => simulator.control.receive({ walletId: wallet.id, amount: '0.5' }), /not a positive integer/);
});

test('a send threshold: sends up to it are signed, sends above it wait for approval', async () => {
  const { simulator, wallet } = await fundedWallet();
  simulator.control.setWalletPolicy(wallet.id, { approvalsRequired: 1, sendApprovalThreshold: 1_000_000n });
  const send = { coin: 'btc', walletId: wallet.id, address: destination, userId: alice };
  assert.is((await simulator.sendCoins({ ...send, amount: '1000000' })).outcome, 'transfer');
  assert.is((await simulator.sendCoins({ ...send, amount: '1000001' })).outcome, 'pendingApproval');
  // Whitelist changes follow their own switch, off unless the wallet was created with approvals.
  const applied = await simulator.addWhitelistAddress({ ...send, address: destination });
  assert.is(applied.outcome, 'applied');
  simulator.control.setWalletPolicy(wallet.id, { whitelistChangesNeedApproval: true });
  const other = await simulator.addWhitelistAddress({ ...send, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
  assert.is(other.outcome, 'pendingApproval');
});

test('autoProgress broadcasts and confirms signed sends at the moments they were due', async () => {
  const clock = manualClock('2026-03-02T09:00:00.000Z');
  const simulator = createCustodySimulator({
    now: clock.now,
    seed: 'simulator',
    autoProgress: { broadcastAfterMs: 5_000, confirmAfterMs: 60_000 },
  });
  const { wallet } = await fundedWallet(simulator);
  const sent = await simulator.sendCoins({
    coin: 'btc',
    walletId: wallet.id,
    address: destination,
    amount: '1000',
    userId: alice,
  });
  if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
  const read = () => simulator.getTransfer('btc', wallet.id, sent.transfer.id);
  clock.advance(4_999);
  assert.is((await read()).state, 'signed');
  clock.advance(1);
  assert.equal([(await read()).state, (await read()).updatedAt], ['unconfirmed', new Date('2026-03-02T09:00:05.000Z')]);
  clock.advance(10 * 60_000);
  const confirmed = await read();
  assert.equal(
    [confirmed.state, confirmed.updatedAt, confirmed.confirmedAt],
    ['confirmed', new Date('2026-03-02T09:01:05.000Z'), new Date('2026-03-02T09:01:05.000Z')],
  );
});

test('records are handed out as copies', async () => {
  const { simulator, wallet } = await fundedWallet();
  const sent = await simulator.sendCoins({
    coin: 'btc',
    walletId: wallet.id,
    address: destination,
    amount: '1000',
    userId: alice,
  });
  if (sent.outcome !== 'transfer') throw new Error('expected a transfer');
  sent.transfer.state = 'confirmed';
  sent.transfer.createdAt.setTime(0);
  wallet.receiveAddress.label = 'changed';
  const again = await simulator.getTransfer('btc', wallet.id, sent.transfer.id);
  assert.is(again.state, 'signed');
  assert.is.not(again.createdAt.getTime(), 0);
  const address = await simulator.createAddress({ coin: 'btc', walletId: wallet.id });
  assert.is(address.index, 1);
});

test('without CUSTODY_URL the simulator is chosen, and says so', async () => {
  const logs = capturingLogger();
  const provider = createCustodyProvider({ logger: logs.logger });
  const wallet = await provider.createWallet({ coin: 'eth', label: 'Ops', type: 'custodial' });
  assert.match(wallet.id, /^[0-9a-f]{32}$/);
  assert.match(logs.text(), /"mode":"simulator".*custody provider: simulator \(no URL configured\)/);
});

test('CUSTODY_ACCESS_TOKEN is required with CUSTODY_URL', () => {
  try {
    loadConfig({ CUSTODY_URL: 'https://custody.example.org' });
    assert.unreachable('expected a configuration error');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.ok((error as ConfigError).problems.includes('CUSTODY_ACCESS_TOKEN is required when CUSTODY_URL is set'));
  }
  const config = loadConfig({ CUSTODY_URL: 'https://custody.example.org', CUSTODY_ACCESS_TOKEN: 'v2xabc' });
  assert.equal(
    [config.providers.custodyUrl, config.providers.custodyAccessToken],
    ['https://custody.example.org', 'v2xabc'],
  );
  assert.is(loadConfig({}).providers.custodyAccessToken, undefined);
});

test.run();
