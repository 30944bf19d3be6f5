// A wallet created through the business API carries the custodian's approval policy
// (docs/custody.md#approval-policy-of-new-wallets), through the real service and the custody
// simulator over loopback HTTP: a CUSTODIAL wallet's sends answer PENDING_APPROVAL and wait for one
// approval by another user (CUSTODY_APPROVALS_REQUIRED's default); a HOT wallet, whose client
// co-signs, sends at once; a service configured with CUSTODY_APPROVALS_REQUIRED=2 creates custodial
// wallets whose sends need two.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';
import { expectData } from '../support/graphql-answer.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import { btcDestination, custodyMutation, organizations } from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const twoApprovals = await startBusinessApi({
  seed: 'demo',
  providers: [custody],
  env: { CUSTODY_APPROVALS_REQUIRED: '2' },
});
const scopes = ['wallets', 'custody', 'read'];

test.after(async () => {
  await api.close();
  await twoApprovals.close();
});

/** A BTC wallet made through createDigitalWallet, holding 0.1 BTC at the custodian. */
async function newWallet(service: BusinessApiClient, type: 'CUSTODIAL' | 'HOT') {
  const alice = await service.key({ organization: organizations.aurora, owner: 'demo-alice', scopes });
  const publicKey = type === 'HOT' ? ', userPublicKey: "xpub-test-key"' : '';
  const created = expectData(
    await service.graphql(
      `mutation { createDigitalWallet(input: { label: "Policy test", type: ${type}, coin: "BTC"${publicKey} }) { success wallet { id } } }`,
      undefined,
      { key: alice.secret },
    ),
  ).createDigitalWallet;
  assert.is(created.success, true);
  const [row] = await service.rows('SELECT custodian_wallet_id FROM digital_wallet WHERE id = $1', [created.wallet.id]);
  custody.simulator.control.receive({ walletId: row.custodian_wallet_id, amount: '10000000' });
  const send = () =>
    custodyMutation(service, 'send', alice.secret, {
      walletId: created.wallet.id,
      address: btcDestination,
      amount: '1000',
    });
  return { walletId: created.wallet.id as number, send };
}

test('a new CUSTODIAL wallet’s send waits for one approval by another user, then is signed', async () => {
  const { send } = await newWallet(api, 'CUSTODIAL');
  const sent = await send();
  assert.equal(
    [sent.success, sent.outcome, sent.transfer.state, sent.pendingApproval.approvalsRequired],
    [true, 'PENDING_APPROVAL', 'PENDING_APPROVAL', 1],
  );
  const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes });
  const approved = await custodyMutation(api, 'resolve', frank.secret, {
    approvalId: sent.pendingApproval.id,
    decision: 'APPROVE',
  });
  assert.equal([approved.pendingApproval.state, approved.transfer.state], ['APPROVED', 'SIGNED']);
});

test('a new HOT wallet sends at once: its client co-signs, the custodian asks for no approval', async () => {
  const { send } = await newWallet(api, 'HOT');
  const sent = await send();
  assert.equal([sent.outcome, sent.transfer.state, sent.pendingApproval], ['TRANSFER_CREATED', 'SIGNED', null]);
});

test('CUSTODY_APPROVALS_REQUIRED=2: a new custodial wallet’s send needs two approvals', async () => {
  const { send } = await newWallet(twoApprovals, 'CUSTODIAL');
  const sent = await send();
  assert.equal(
    [sent.outcome, sent.pendingApproval.approvalsRequired, sent.pendingApproval.approvalsReceived],
    ['PENDING_APPROVAL', 2, 0],
  );
  const frank = await twoApprovals.key({ organization: organizations.aurora, owner: 'demo-frank', scopes });
  const once = await custodyMutation(twoApprovals, 'resolve', frank.secret, {
    approvalId: sent.pendingApproval.id,
    decision: 'APPROVE',
  });
  assert.equal(
    [once.pendingApproval.state, once.pendingApproval.approvalsReceived, once.transfer.state],
    ['PENDING', 1, 'PENDING_APPROVAL'],
  );
});

test.run();
