// Sends and approvals through the real service and the custody simulator over loopback HTTP
// (schema.graphql Mutation.bitgoSendTransaction, bitgoResolveApproval; docs/custody.md#the-mutations):
// send → pending approval → approved by a second user → confirmed after a sync; a rejection; the
// creator refused as approver, judged on the person, not the key; two approvers for approvalsRequired: 2;
// idempotent retries; custodian failures writing nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sequenceIdFor } from '../../src/domain/wallets/custody-transfer-service.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  btcDestination,
  custodyDocuments,
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
  storedTransfers,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });
const bob = await api.key({ organization: organizations.aurora, owner: 'demo-bob', scopes: custodyScopes });
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
// Approvers hold digital_wallets_admin or organization_admin (permissions.yaml
// business_operations.bitgoResolveApproval); Aurora's are the requester demo-alice and demo-frank,
// so a second wallet officer makes two approvers for approvalsRequired: 2.
await api.rows(
  `INSERT INTO app_user (id, email, organization_id) VALUES ('test-wallet-officer', 'wallet-officer@aurora.test', $1)`,
  [organizations.aurora],
);
await api.rows(
  `INSERT INTO organization_membership (organization_id, user_id, role) VALUES ($1, 'test-wallet-officer', 'digital_wallets_admin')`,
  [organizations.aurora],
);
const officer = await api.key({
  organization: organizations.aurora,
  owner: 'test-wallet-officer',
  scopes: custodyScopes,
});

/** A wallet at the custodian holding 0.1 BTC, linked to an Aurora wallet of the database. */
async function fundedWallet(approvalsRequired: number) {
  const wallet = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    approvalsRequired,
  });
  custody.simulator.control.receive({ walletId: wallet.custodian.id, amount: '10000000' });
  return wallet;
}

async function approvalRow(id: string) {
  const rows = await api.rows(
    `SELECT a.created_by, a.state, a.approvals_required, a.approvals_received, a.resolved_at IS NOT NULL AS resolved,
       t.transfer_id FROM digital_wallet_pending_approval a LEFT JOIN digital_wallet_transaction t ON t.id = a.transaction_id
     WHERE a.id = $1`,
    [id],
  );
  return rows[0];
}

const send = (key: string, input: Record<string, unknown>, headers?: Record<string, string>) =>
  custodyMutation(api, 'send', key, input, headers);
const resolve = (key: string, input: Record<string, unknown>, headers?: Record<string, string>) =>
  custodyMutation(api, 'resolve', key, input, headers);

test.after(() => api.close());

test('send → pending approval → approved by a second user → confirmed at the custodian, then synced', async () => {
  const { walletId } = await fundedWallet(1);
  const sent = await send(alice.secret, {
    walletId,
    address: btcDestination,
    amount: '150000',
    comment: 'rebalance to cold storage',
    idempotencyKey: 'rebalance-1',
  });
  const transferId = sent.transfer.id;
  const approvalId = sent.pendingApproval.id;
  const pendingTransfer = {
    id: transferId,
    walletId,
    txid: null,
    type: 'SEND',
    state: 'PENDING_APPROVAL',
    coin: 'BTC',
    amountBaseUnits: '150000',
    amount: '0.0015',
    usdValue: sent.transfer.usdValue,
    feeBaseUnits: '1000',
    feeCoin: 'BTC',
    fee: '0.00001',
    counterpartyAddress: btcDestination,
    comment: 'rebalance to cold storage',
    pendingApprovalId: approvalId,
    createdAt: sent.transfer.createdAt,
    confirmedAt: null,
  };
  assert.equal(sent, {
    success: true,
    errors: [],
    outcome: 'PENDING_APPROVAL',
    transfer: pendingTransfer,
    pendingApproval: {
      id: approvalId,
      walletId,
      kind: 'TRANSFER',
      state: 'PENDING',
      approvalsRequired: 1,
      approvalsReceived: 0,
      createdByUserId: 'demo-alice',
      decidedByUserId: null,
      transfer: pendingTransfer,
      whitelistEntry: null,
      createdAt: sent.pendingApproval.createdAt,
      resolvedAt: null,
    },
  });
  assert.match(approvalId, /^[0-9a-f]{32}$/);
  const [stored] = await storedTransfers(api, walletId);
  assert.equal(
    [stored!.state, stored!.initiated_by, stored!.sequence_id, stored!.amount],
    ['pendingApproval', 'demo-alice', sequenceIdFor(alice.id, 'rebalance-1'), '150000'],
  );
  assert.equal(await approvalRow(approvalId), {
    created_by: 'demo-alice',
    state: 'pending',
    approvals_required: 1,
    approvals_received: 0,
    resolved: false,
    transfer_id: transferId,
  });

  const approved = await resolve(frank.secret, { approvalId, decision: 'APPROVE', comment: 'checked' });
  assert.equal(
    [approved.success, approved.pendingApproval.state, approved.pendingApproval.approvalsReceived],
    [true, 'APPROVED', 1],
  );
  assert.equal([approved.transfer.state, approved.transfer.id], ['SIGNED', transferId]);
  assert.match(approved.transfer.txid, /^[0-9a-f]{64}$/);
  assert.equal(approved.pendingApproval.transfer, approved.transfer);
  assert.equal((await approvalRow(approvalId)).state, 'approved');
  assert.is((await storedTransfers(api, walletId))[0]!.state, 'signed');

  custody.simulator.control.confirmTransfer(transferId);
  const synced = await custodyMutation(api, 'sync', alice.secret, { walletId });
  // The deposit that funded the wallet is new; the send is updated.
  assert.equal(
    [synced.success, synced.sync.syncedCount, synced.sync.insertedCount, synced.sync.updatedCount],
    [true, 2, 1, 1],
  );
  const [row] = (await storedTransfers(api, walletId)).filter((transfer) => transfer.transfer_id === transferId);
  assert.is(row!.state, 'confirmed');
  assert.instance(row!.confirmed_at, Date);
  assert.is(row!.tx_hash, approved.transfer.txid);
  assert.is(row!.initiated_by, 'demo-alice');
});

test('a retry with the same idempotency key answers the first send; other input with it is a CONFLICT', async () => {
  const { walletId, custodian } = await fundedWallet(0);
  const input = { walletId, address: btcDestination, amount: '2000', idempotencyKey: 'payout-7' };
  const first = await send(alice.secret, input);
  assert.equal([first.success, first.outcome, first.transfer.state], [true, 'TRANSFER_CREATED', 'SIGNED']);
  const again = await send(alice.secret, input);
  assert.equal(again, first);
  const listed = await custody.client.listTransfers({ coin: 'btc', walletId: custodian.id });
  assert.is(listed.transfers.filter((transfer) => transfer.type === 'send').length, 1);
  assert.is((await storedTransfers(api, walletId)).length, 1);
  const changed = await send(alice.secret, { ...input, amount: '3000' });
  assert.equal([changed.success, changed.outcome, changed.transfer], [false, null, null]);
  assert.equal(
    changed.errors.map((error: any) => [error.code, error.field]),
    [['CONFLICT', ['idempotencyKey']]],
  );
  const otherWallet = await fundedWallet(0);
  const elsewhere = await send(alice.secret, { ...input, walletId: otherWallet.walletId });
  assert.equal(
    elsewhere.errors.map((error: any) => [error.code, error.field, error.message]),
    [['CONFLICT', ['idempotencyKey'], 'the idempotency key was already used for a send from another wallet']],
  );
  // The key is the API key's own: another key choosing the same key sends.
  const franksSend = await send(frank.secret, input);
  assert.equal([franksSend.success, franksSend.transfer.id === first.transfer.id], [true, false]);
});

test('a rejected approval rejects the transfer and frees its funds', async () => {
  const { walletId, custodian } = await fundedWallet(1);
  const sent = await send(alice.secret, { walletId, address: btcDestination, amount: '5000000' });
  assert.is(custody.simulator.control.spendableBalance(custodian.id), '4999000');
  const rejected = await resolve(frank.secret, {
    approvalId: sent.pendingApproval.id,
    decision: 'REJECT',
    comment: 'no',
  });
  assert.equal(
    [
      rejected.success,
      rejected.pendingApproval.state,
      rejected.pendingApproval.approvalsReceived,
      rejected.transfer.state,
    ],
    [true, 'REJECTED', 0, 'REJECTED'],
  );
  assert.is(typeof rejected.pendingApproval.resolvedAt, 'string');
  assert.is(custody.simulator.control.spendableBalance(custodian.id), '10000000');
  assert.equal((await approvalRow(sent.pendingApproval.id)).state, 'rejected');
  assert.is((await storedTransfers(api, walletId))[0]!.state, 'rejected');
  const late = await resolve(officer.secret, { approvalId: sent.pendingApproval.id, decision: 'APPROVE' });
  assert.equal(
    late.errors.map((error: any) => error.code),
    ['INVALID_STATE'],
  );
});

test('the creator cannot resolve the approval, judged on the person, not the key', async () => {
  const { walletId } = await fundedWallet(1);
  const asAlice = { 'x-acting-user': 'demo-alice' };
  const sent = await send(api.adminKey, { walletId, address: btcDestination, amount: '1000' }, asAlice);
  assert.is(sent.pendingApproval.createdByUserId, 'demo-alice');
  const approvalId = sent.pendingApproval.id;
  // Four eyes need four eyes (docs/identity.md#four-eyes): naming alice through another key is refused before anything else.
  for (const key of [api.adminKey, bob.secret])
    assert.equal(
      (
        await api.graphql(
          custodyDocuments.resolve,
          { input: { approvalId, decision: 'APPROVE' } },
          { key, headers: asAlice },
        )
      ).body.errors.map((error: any) => [error.extensions.code, error.message]),
      [
        [
          'FORBIDDEN',
          key === api.adminKey
            ? "bitgoResolveApproval needs the approver's own credential: this API key has no owner; use an API key owned by the approver"
            : "bitgoResolveApproval needs the approver's own credential: X-Acting-User may not name another user; use an API key owned by the approver",
        ],
      ],
    );
  // With her own key, alice is the requester: refused.
  assert.equal(await resolve(alice.secret, { approvalId, decision: 'APPROVE' }), {
    success: false,
    errors: [
      {
        code: 'SELF_APPROVAL_NOT_ALLOWED',
        message: 'demo-alice created the request this approval guards and cannot resolve it',
        field: null,
      },
    ],
    pendingApproval: null,
    transfer: null,
  });
  assert.equal(await approvalRow(approvalId), {
    created_by: 'demo-alice',
    state: 'pending',
    approvals_required: 1,
    approvals_received: 0,
    resolved: false,
    transfer_id: sent.transfer.id,
  });
  const byFrank = await resolve(frank.secret, { approvalId, decision: 'APPROVE' });
  assert.equal([byFrank.success, byFrank.pendingApproval.state], [true, 'APPROVED']);
});

test('approvalsRequired: 2 needs two different approvers', async () => {
  const { walletId } = await fundedWallet(2);
  const sent = await send(alice.secret, { walletId, address: btcDestination, amount: '40000' });
  const approvalId = sent.pendingApproval.id;
  assert.is(sent.pendingApproval.approvalsRequired, 2);
  const first = await resolve(frank.secret, { approvalId, decision: 'APPROVE' });
  assert.equal(
    [first.pendingApproval.state, first.pendingApproval.approvalsReceived, first.transfer.state],
    ['PENDING', 1, 'PENDING_APPROVAL'],
  );
  assert.equal((await approvalRow(approvalId)).approvals_received, 1);
  const twice = await resolve(frank.secret, { approvalId, decision: 'APPROVE' });
  assert.equal(
    twice.errors.map((error: any) => error.code),
    ['INVALID_STATE'],
  );
  const second = await resolve(officer.secret, { approvalId, decision: 'APPROVE' });
  assert.equal(
    [second.pendingApproval.state, second.pendingApproval.approvalsReceived, second.transfer.state],
    ['APPROVED', 2, 'SIGNED'],
  );
  assert.equal(await approvalRow(approvalId), {
    created_by: 'demo-alice',
    state: 'approved',
    approvals_required: 2,
    approvals_received: 2,
    resolved: true,
    transfer_id: sent.transfer.id,
  });
});

test('four eyes need four eyes: the approver’s own key and an approving role; both people are recorded', async () => {
  const { walletId } = await fundedWallet(1);
  const sent = await send(alice.secret, { walletId, address: btcDestination, amount: '2000' });
  const approvalId = sent.pendingApproval.id;
  assert.equal([sent.pendingApproval.createdByUserId, sent.pendingApproval.decidedByUserId], ['demo-alice', null]);
  const errorsOf = async (key: string, headers: Record<string, string> = {}) =>
    (
      await api.graphql(custodyDocuments.resolve, { input: { approvalId, decision: 'APPROVE' } }, { key, headers })
    ).body.errors.map((error: any) => [error.extensions.code, error.message]);
  // X-Acting-User naming the approver through someone else's key: refused.
  assert.equal(await errorsOf(bob.secret, { 'x-acting-user': 'demo-frank' }), [
    [
      'FORBIDDEN',
      "bitgoResolveApproval needs the approver's own credential: X-Acting-User may not name another user; use an API key owned by the approver",
    ],
  ]);
  // The approver's own key, without an approving role (demo-bob is a trader; demo-dave an auditor).
  const dave = await api.key({ organization: organizations.aurora, owner: 'demo-dave', scopes: custodyScopes });
  for (const [key, who] of [
    [bob.secret, 'demo-bob'],
    [dave.secret, 'demo-dave'],
  ] as const)
    assert.equal(await errorsOf(key), [
      [
        'FORBIDDEN',
        `bitgoResolveApproval needs one of the roles digital_wallets_admin, organization_admin in organization ${organizations.aurora}, which ${who} does not hold (permissions.yaml business_operations)`,
      ],
    ]);
  // Naming oneself is one's own credential.
  assert.equal((await approvalRow(approvalId)).state, 'pending');
  const approved = await resolve(frank.secret, { approvalId, decision: 'APPROVE' }, { 'x-acting-user': 'demo-frank' });
  assert.equal(
    [
      approved.pendingApproval.state,
      approved.pendingApproval.createdByUserId,
      approved.pendingApproval.decidedByUserId,
      approved.transfer.state,
    ],
    ['APPROVED', 'demo-alice', 'demo-frank', 'SIGNED'],
  );
  const rows = await api.rows('SELECT created_by, decided_by FROM digital_wallet_pending_approval WHERE id = $1', [
    approvalId,
  ]);
  assert.equal(rows, [{ created_by: 'demo-alice', decided_by: 'demo-frank' }]);
});

test('a send needs digital_wallets_admin or organization_admin in the wallet’s organization', async () => {
  const { walletId } = await fundedWallet(0);
  const answer = await api.graphql(
    custodyDocuments.send,
    {
      input: { walletId, address: btcDestination, amount: '1000' },
    },
    { key: bob.secret },
  );
  assert.equal(
    answer.body.errors.map((error: any) => [error.extensions.code, error.message]),
    [
      [
        'FORBIDDEN',
        `bitgoSendTransaction needs one of the roles digital_wallets_admin, organization_admin in organization ${organizations.aurora}, which demo-bob does not hold (permissions.yaml business_operations)`,
      ],
    ],
  );
  assert.equal(await storedTransfers(api, walletId), []);
  const sent = await send(frank.secret, { walletId, address: btcDestination, amount: '1000' });
  assert.equal([sent.outcome, sent.transfer.state], ['TRANSFER_CREATED', 'SIGNED']);
});

test('a custodian refusal or failure writes nothing and names the problem', async () => {
  const { walletId } = await fundedWallet(0);
  const tooMuch = await send(alice.secret, { walletId, address: btcDestination, amount: '10000000' });
  assert.equal(
    tooMuch.errors.map((error: any) => [error.code, error.field]),
    [['INSUFFICIENT_BALANCE', ['amount']]],
  );
  custody.failNextRequest((method, url) => method === 'POST' && url.pathname.endsWith('/sendcoins'));
  const unavailable = await send(
    alice.secret,
    { walletId, address: btcDestination, amount: '1000' },
    { 'x-request-id': 'send-unavailable-1' },
  );
  assert.equal(unavailable, {
    success: false,
    errors: [
      {
        code: 'PROVIDER_ERROR',
        message:
          'the custodian is unavailable; retry in 5 seconds with the same idempotencyKey (requestId send-unavailable-1)',
        field: null,
      },
    ],
    outcome: null,
    transfer: null,
    pendingApproval: null,
  });
  assert.equal(await storedTransfers(api, walletId), []);
});

test.run();
