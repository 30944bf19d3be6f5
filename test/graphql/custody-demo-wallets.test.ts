// The default mode: no CUSTODY_URL, the in-process simulator adopts the demo data's wallets at start
// (docs/custody.md#demo-wallets-in-the-simulator), so demo wallets send within their stored
// balances, to their approved whitelist, under one approval for custodial wallets, and the demo's
// pending approval can be resolved.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PENDING_APPROVAL_ID } from '../../src/db/seed/demo-wallet-activity.ts';
import { demoWalletIds } from '../../src/db/seed/demo-wallets.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { custodyDocuments, organizations } from './support/custody-fixtures.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keyFor = (organization: string, owner: string) => api.key({ organization, owner, scopes: ['custody'] });
const alice = await keyFor(organizations.aurora, 'demo-alice');
const bob = await keyFor(organizations.aurora, 'demo-bob');
// An approver holds digital_wallets_admin or organization_admin (permissions.yaml business_operations).
const frank = await keyFor(organizations.aurora, 'demo-frank');
const grace = await keyFor(organizations.meridian, 'demo-grace');

async function mutation(key: TestApiKey, operation: 'send' | 'resolve', input: Record<string, unknown>) {
  const { body, text } = await api.graphql(custodyDocuments[operation], { input }, { key });
  assert.is(body.errors, undefined, text);
  return operation === 'send' ? body.data.bitgoSendTransaction : body.data.bitgoResolveApproval;
}

const codes = (payload: any) => payload.errors.map((error: any) => [error.code, error.field]);

async function approvedWhitelistAddress(walletId: number): Promise<string> {
  const rows = await api.rows(
    `SELECT address FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 AND status = 'approved' ORDER BY id LIMIT 1`,
    [walletId],
  );
  return rows[0].address;
}

test.after(() => api.close());

test('a hot demo wallet sends at once, within the balance of the demo data', async () => {
  const destination = `7${'x'.repeat(43)}`;
  const sent = await mutation(grace, 'send', {
    walletId: demoWalletIds.meridianSolTrading,
    address: destination,
    amount: '1000000000',
  });
  assert.equal(
    [sent.success, sent.outcome, sent.transfer.state, sent.transfer.coin, sent.transfer.amount, sent.pendingApproval],
    [true, 'TRANSFER_CREATED', 'SIGNED', 'SOL', '1', null],
  );
  // 15,400 SOL are held: one lamport more than that is refused.
  const tooMuch = await mutation(grace, 'send', {
    walletId: demoWalletIds.meridianSolTrading,
    address: destination,
    amount: '15400000000001',
  });
  assert.equal(codes(tooMuch), [['INSUFFICIENT_BALANCE', ['amount']]]);
});

test("a demo wallet's approved whitelist holds: tokens go to a whitelisted address only", async () => {
  const walletId = demoWalletIds.auroraEthTreasury;
  const elsewhere = await mutation(alice, 'send', {
    walletId,
    address: `0x${'ab'.repeat(20)}`,
    amount: '1000000000',
    coin: 'usdc',
  });
  assert.equal(codes(elsewhere), [['ADDRESS_NOT_WHITELISTED', ['address']]]);
  const sent = await mutation(alice, 'send', {
    walletId,
    address: await approvedWhitelistAddress(walletId),
    amount: '1000000000',
    coin: 'usdc',
  });
  assert.equal(
    [sent.outcome, sent.transfer.state, sent.transfer.coin, sent.transfer.amount],
    ['TRANSFER_CREATED', 'SIGNED', 'USDC', '1000'],
  );
});

test('a custodial demo wallet needs one approval, by another user', async () => {
  const walletId = demoWalletIds.auroraBtcCustody;
  const sent = await mutation(alice, 'send', {
    walletId,
    address: await approvedWhitelistAddress(walletId),
    amount: '50000000',
  });
  assert.equal(
    [sent.outcome, sent.transfer.state, sent.pendingApproval.approvalsRequired],
    ['PENDING_APPROVAL', 'PENDING_APPROVAL', 1],
  );
  const approved = await mutation(frank, 'resolve', { approvalId: sent.pendingApproval.id, decision: 'APPROVE' });
  assert.equal([approved.pendingApproval.state, approved.transfer.state], ['APPROVED', 'SIGNED']);
});

test("the demo data's pending approval (requested by demo-bob) is resolved by another user", async () => {
  const own = await mutation(bob, 'resolve', { approvalId: DEMO_PENDING_APPROVAL_ID, decision: 'APPROVE' });
  assert.equal(codes(own), [['SELF_APPROVAL_NOT_ALLOWED', null]]);
  const approved = await mutation(alice, 'resolve', { approvalId: DEMO_PENDING_APPROVAL_ID, decision: 'APPROVE' });
  assert.equal(
    [approved.pendingApproval.state, approved.pendingApproval.createdByUserId, approved.transfer.state],
    ['APPROVED', 'demo-bob', 'SIGNED'],
  );
  const rows = await api.rows(
    `SELECT a.state, t.state AS transfer_state FROM digital_wallet_pending_approval a
     JOIN digital_wallet_transaction t ON t.id = a.transaction_id WHERE a.id = $1`,
    [DEMO_PENDING_APPROVAL_ID],
  );
  assert.equal(rows, [{ state: 'approved', transfer_state: 'signed' }]);
});

test('the frozen demo wallet (a coin the simulator does not know) refuses to send', async () => {
  const frozen = await mutation(alice, 'send', {
    walletId: demoWalletIds.auroraAvaxLegacy,
    address: `0x${'cd'.repeat(20)}`,
    amount: '1',
  });
  assert.equal(codes(frozen), [['WALLET_FROZEN', ['walletId']]]);
});

test.run();
