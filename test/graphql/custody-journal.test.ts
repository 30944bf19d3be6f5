// Custody transfers on the journal, through the real service and the custody simulator over
// loopback HTTP (docs/ledger.md#custody-transfers): a synced deposit credits the wallet; a send
// waiting for approval or the chain holds its amount and its fee (available balance lower,
// balance not); confirmed, it lowers the balance by amount + fee exactly; rejected, it changes
// nothing; a send the custodian drops or fails releases its holds; a token send pays its gas from the wallet's ETH; a send the custodian accepted before
// the deposit paying for it was synced is carried once that deposit is; 50 concurrent sends with
// one idempotency key hold once. The custodian simulator's own books are the oracle: what it lets
// the wallet still spend equals the journal's available balance.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { assertJournalBalanced } from '../support/journal-balance.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  btcDestination,
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
const ethDestination = `0x${'ab'.repeat(20)}`;

test.after(() => api.close());

const send = (input: Record<string, unknown>) => custodyMutation(api, 'send', alice.secret, input);
const sync = (walletId: number) => custodyMutation(api, 'sync', alice.secret, { walletId });
const resolve = (approvalId: string, decision: 'APPROVE' | 'REJECT') =>
  custodyMutation(api, 'resolve', frank.secret, { approvalId, decision });

async function wallet(coin: 'BTC' | 'ETH', approvalsRequired: number) {
  return linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    coin,
    approvalsRequired,
  });
}

/** [balance, available] of the wallet's holding of `symbol`, in base units, from the database. */
async function holding(walletId: number, symbol: string): Promise<[string, string]> {
  const rows = await api.rows(
    `SELECT (a.balance * 10::numeric ^ c.decimals)::numeric(78, 0)::text AS balance,
       (a.available_balance * 10::numeric ^ c.decimals)::numeric(78, 0)::text AS available
     FROM digital_wallet_asset a JOIN coin c ON c.symbol = a.symbol WHERE a.wallet_id = $1 AND a.symbol = $2`,
    [walletId, symbol],
  );
  return rows[0] ? [rows[0].balance, rows[0].available] : ['0', '0'];
}

/** [balance, availableBalance] of the wallet's holding of `symbol` in the business API's wallet summary. */
async function shown(walletId: number, symbol: string): Promise<[string, string]> {
  const answer = await api.graphql(
    `query ($id: Int!) { digitalWalletSummaryById(id: $id) { assets { symbol balance availableBalance } } }`,
    { id: walletId },
    { key: alice.secret },
  );
  const asset = answer.body.data.digitalWalletSummaryById.assets.find((item: any) => item.symbol === symbol);
  return [asset.balance, asset.availableBalance];
}

/** The journal's transfer ids that name this custodian transfer. */
async function journalIds(transferId: string): Promise<string[]> {
  const rows = await api.rows(`SELECT id FROM ledger_transfer WHERE id LIKE '%:' || $1 || '%' ORDER BY id`, [
    transferId,
  ]);
  return rows.map((row) => row.id as string);
}

const spendable = (custodianId: string, coin?: string) => custody.simulator.control.spendableBalance(custodianId, coin);

test('a deposit, then a send held while it waits, posted with its fee once confirmed', async () => {
  const { walletId, custodian } = await wallet('BTC', 1);
  const deposit = custody.simulator.control.receive({ walletId: custodian.id, amount: '10000000' });
  await sync(walletId);
  assert.equal(await holding(walletId, 'BTC'), ['10000000', '10000000']);
  assert.equal(await journalIds(deposit.id), [`deposit:${deposit.id}`]);

  const sent = await send({ walletId, address: btcDestination, amount: '150000', idempotencyKey: 'journal-1' });
  assert.is(sent.outcome, 'PENDING_APPROVAL');
  const transferId = sent.transfer.id as string;
  // 150,000 satoshi and the simulator's flat fee of 1,000 are held: 10,000,000 − 151,000.
  assert.equal(await holding(walletId, 'BTC'), ['10000000', '9849000']);
  assert.equal(await shown(walletId, 'BTC'), ['0.1', '0.09849'], 'the business API: only availableBalance is lower');
  assert.is(spendable(custodian.id), '9849000');
  assert.equal(await journalIds(transferId), [`send-fee:${transferId}`, `send:${transferId}`]);

  const approved = await resolve(sent.pendingApproval.id, 'APPROVE');
  assert.is(approved.transfer.state, 'SIGNED');
  assert.equal(await holding(walletId, 'BTC'), ['10000000', '9849000']);

  custody.simulator.control.confirmTransfer(transferId);
  await sync(walletId);
  assert.equal(await holding(walletId, 'BTC'), ['9849000', '9849000']);
  assert.equal(await shown(walletId, 'BTC'), ['0.09849', '0.09849'], 'amount + fee off the balance');
  assert.is(spendable(custodian.id), '9849000');
  assert.equal(await journalIds(transferId), [
    `send-fee:${transferId}`,
    `send-fee:${transferId}:post`,
    `send:${transferId}`,
    `send:${transferId}:post`,
  ]);
  // Stored again by another sync: nothing posts twice.
  await sync(walletId);
  assert.equal(await holding(walletId, 'BTC'), ['9849000', '9849000']);
  await assertJournalBalanced(api);
});

test('a rejected send releases its holds and changes nothing', async () => {
  const { walletId, custodian } = await wallet('BTC', 1);
  custody.simulator.control.receive({ walletId: custodian.id, amount: '5000000' });
  await sync(walletId);
  const sent = await send({ walletId, address: btcDestination, amount: '200000' });
  assert.equal(await holding(walletId, 'BTC'), ['5000000', '4799000']);
  const rejected = await resolve(sent.pendingApproval.id, 'REJECT');
  assert.is(rejected.transfer.state, 'REJECTED');
  assert.equal(await holding(walletId, 'BTC'), ['5000000', '5000000']);
  assert.equal(await shown(walletId, 'BTC'), ['0.05', '0.05'], 'a rejected send changes nothing');
  assert.is(spendable(custodian.id), '5000000');
  const transferId = sent.transfer.id as string;
  assert.equal(await journalIds(transferId), [
    `send-fee:${transferId}`,
    `send-fee:${transferId}:void`,
    `send:${transferId}`,
    `send:${transferId}:void`,
  ]);
  await assertJournalBalanced(api);
});

test('holds end with the custodian: a send it drops from the mempool (removed) or fails releases them at the next sync', async () => {
  // Pending transfers have no timer (docs/ledger.md#transfers): a hold lasts while the custodian
  // still carries its send, and ends with the state it reports.
  const { walletId, custodian } = await wallet('BTC', 0);
  custody.simulator.control.receive({ walletId: custodian.id, amount: '3000000' });
  await sync(walletId);
  for (const [end, amount] of [
    ['removed', '100000'],
    ['failed', '250000'],
  ] as const) {
    const sent = await send({ walletId, address: btcDestination, amount });
    assert.is(sent.transfer.state, 'SIGNED');
    const transferId = sent.transfer.id as string;
    assert.equal(await holding(walletId, 'BTC'), ['3000000', String(3000000 - Number(amount) - 1000)]);
    custody.simulator.control.advanceTransfer(transferId, 'unconfirmed');
    custody.simulator.control.advanceTransfer(transferId, end);
    await sync(walletId);
    assert.equal(await holding(walletId, 'BTC'), ['3000000', '3000000'], `a ${end} send holds nothing`);
    assert.is(spendable(custodian.id), '3000000');
    assert.equal(await journalIds(transferId), [
      `send-fee:${transferId}`,
      `send-fee:${transferId}:void`,
      `send:${transferId}`,
      `send:${transferId}:void`,
    ]);
  }
  await assertJournalBalanced(api);
});

test('a USDC send lowers USDC by the amount and ETH by the gas', async () => {
  const { walletId, custodian } = await wallet('ETH', 0);
  custody.simulator.control.receive({ walletId: custodian.id, amount: '1000000000000000000' });
  custody.simulator.control.receive({ walletId: custodian.id, coin: 'usdc', amount: '5000000' });
  await sync(walletId);
  assert.equal(await holding(walletId, 'USDC'), ['5000000', '5000000']);
  const sent = await send({ walletId, coin: 'USDC', address: ethDestination, amount: '1000000' });
  assert.is(sent.outcome, 'TRANSFER_CREATED');
  assert.equal(await holding(walletId, 'USDC'), ['5000000', '4000000']);
  assert.equal(await holding(walletId, 'ETH'), ['1000000000000000000', '999580000000000000']);
  custody.simulator.control.confirmTransfer(sent.transfer.id);
  await sync(walletId);
  assert.equal(await holding(walletId, 'USDC'), ['4000000', '4000000']);
  assert.equal(await holding(walletId, 'ETH'), ['999580000000000000', '999580000000000000']);
  assert.equal(await shown(walletId, 'ETH'), ['0.99958', '0.99958'], 'the gas, in ETH');
  assert.equal(await shown(walletId, 'USDC'), ['4', '4']);
  assert.equal([spendable(custodian.id, 'usdc'), spendable(custodian.id, 'eth')], ['4000000', '999580000000000000']);
  await assertJournalBalanced(api);
});

test('a send accepted before its funding deposit was synced waits, then is carried after it', async () => {
  const { walletId, custodian } = await wallet('BTC', 0);
  custody.simulator.control.receive({ walletId: custodian.id, amount: '3000000' });
  const sent = await send({ walletId, address: btcDestination, amount: '1000000' });
  assert.is(sent.outcome, 'TRANSFER_CREATED');
  const transferId = sent.transfer.id as string;
  // Stored, but the journal cannot hold what it has not seen arrive: the send waits.
  assert.equal(await holding(walletId, 'BTC'), ['0', '0']);
  assert.equal(await journalIds(transferId), []);
  const [row] = await api.rows(`SELECT state, journaled_state FROM digital_wallet_transaction WHERE transfer_id = $1`, [
    transferId,
  ]);
  assert.equal(row, { state: 'signed', journaled_state: null });
  await sync(walletId);
  assert.equal(await holding(walletId, 'BTC'), ['3000000', '1999000']);
  custody.simulator.control.confirmTransfer(transferId);
  await sync(walletId);
  assert.equal(await holding(walletId, 'BTC'), ['1999000', '1999000']);
  assert.is(spendable(custodian.id), '1999000');
  await assertJournalBalanced(api);
});

test('50 concurrent sends with one idempotency key hold once', async () => {
  const { walletId, custodian } = await wallet('BTC', 0);
  custody.simulator.control.receive({ walletId: custodian.id, amount: '2000000' });
  await sync(walletId);
  const input = { walletId, address: btcDestination, amount: '500000', idempotencyKey: 'journal-concurrent' };
  const answers = await Promise.all(Array.from({ length: 50 }, () => send(input)));
  const ids = new Set(answers.map((answer) => answer.transfer?.id));
  assert.is(ids.size, 1, JSON.stringify(answers.find((answer) => !answer.success)));
  const [transferId] = [...ids] as string[];
  assert.equal(await journalIds(transferId!), [`send-fee:${transferId}`, `send:${transferId}`]);
  assert.equal(await holding(walletId, 'BTC'), ['2000000', '1499000']);
  await assertJournalBalanced(api);
});

test.run();
