// Compliance controls that bind (docs/custody.md#aml-freeze), through the real service with the
// custodian and AML simulators behind the real HTTP clients: a DENIED screening freezes its wallet
// as it is stored (every view says FROZEN, audit_log names the person who asked for the screening);
// a frozen wallet refuses sends (WALLET_FROZEN, nothing recorded), approvals, new addresses and
// whitelist additions; the denial stays visible beside a newer pending screening; the data layer
// cannot make it ACTIVE; only unfreezeDigitalWallet does, for compliance or a platform
// administrator, with a reason, audited with the person, the API key and the request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { denyFromScore, simulatedRisk } from '../../src/providers/aml/aml-simulator.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody, expectData } from '../support/graphql-answer.ts';
import { asRole, postGraphql } from '../data-layer/data-layer-client.ts';
import { btcDestination, custodyMutation, linkedWallet } from './support/custody-fixtures.ts';
import { aurora, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const { clock, custodian, aml } = await startWalletProviders();
const api = await startBusinessApi({ seed: 'demo', providers: [custodian, aml] });
// demo-dave (an Aurora auditor) is made Aurora's compliance officer: the role that may unfreeze.
await api.rows(
  `INSERT INTO organization_membership (organization_id, user_id, role) VALUES ($1, 'demo-dave', 'compliance')`,
  [aurora],
);
const everything = ['read', 'wallets', 'custody'];
const keys = await api.keys({
  admin: walletCallers.admin,
  alice: { organization: aurora, scopes: everything, owner: 'demo-alice' },
  frank: { organization: aurora, scopes: everything, owner: 'demo-frank' },
  dave: { organization: aurora, scopes: ['read', 'wallets'], owner: 'demo-dave' },
});

const run = `mutation ($input: RunDigitalWalletAmlReportInput!) {
  runDigitalWalletAmlReport(input: $input) { success errors { code message field } report { id status } }
}`;
const unfreeze = `mutation ($input: UnfreezeDigitalWalletInput!) {
  unfreezeDigitalWallet(input: $input) { success errors { code message field } wallet { id status label } }
}`;
const detail = `query ($id: Int!) {
  digitalWalletDetailById(id: $id) {
    status
    amlStatus {
      status riskLevel riskScore screenedAt
      latestReport { id status }
      latestFinalReport { id status riskLevel riskScore requestedByUserId completedAt }
    }
    whitelistEntries { address status }
  }
}`;

async function screen(walletId: number, key = keys.frank, headers: Record<string, string> = {}) {
  return expectData(await api.graphql(run, { input: { walletId } }, { key, headers })).runDigitalWalletAmlReport;
}
async function summaryStatus(walletId: number): Promise<string> {
  const query = `query ($id: Int!) { digitalWalletSummaryById(id: $id) { status } }`;
  return expectData(await api.graphql(query, { id: walletId }, { key: keys.frank })).digitalWalletSummaryById.status;
}
const detailOf = async (walletId: number) =>
  expectData(await api.graphql(detail, { id: walletId }, { key: keys.frank })).digitalWalletDetailById;
const unfreezeAnswer = (input: Record<string, unknown>, key = keys.admin, headers: Record<string, string> = {}) =>
  api.graphql(unfreeze, { input }, { key, headers });
const failures = (payload: any) =>
  payload.errors.map((error: any) => `${error.code} ${error.field?.join('.')}: ${error.message}`);
const walletRow = async (walletId: number) =>
  (await api.rows('SELECT status FROM digital_wallet WHERE id = $1', [walletId]))[0];
const freezeRows = (walletId: number) =>
  api.rows(
    `SELECT aml_report_id, unfrozen_at IS NOT NULL AS unfrozen, unfrozen_by, unfreeze_reason
     FROM digital_wallet_freeze WHERE wallet_id = $1 ORDER BY id`,
    [walletId],
  );
const auditRows = (walletId: number) =>
  api.rows(
    `SELECT actor_user_id, actor_api_key_id, action, resource_type, request_id, details
     FROM audit_log WHERE resource_type = 'digital_wallet' AND resource_id = $1 ORDER BY id`,
    [String(walletId)],
  );
const dataLayerAsWalletsAdmin = asRole('digital_wallets_admin', {
  'x-data-organization-id': aurora,
  'x-data-user-id': 'demo-frank',
});

/**
 * An Aurora BTC wallet at the custodian, holding 0.1 BTC, whose custodian id the AML simulator
 * rates High or Severe (denied after review), its deposit synced; sends wait for one approval,
 * whitelist changes apply at once.
 */
async function walletToBeDenied() {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const wallet = await linkedWallet(api, custodian, {
      organizationId: aurora,
      owner: 'demo-alice',
      approvalsRequired: 1,
    });
    const risk = simulatedRisk({ coin: 'BTC', subject: { type: 'custodianWallet', id: wallet.custodian.id } });
    if (risk.riskScore < denyFromScore) continue;
    custodian.simulator.control.receive({ walletId: wallet.custodian.id, amount: '10000000' });
    custodian.simulator.control.setWalletPolicy(wallet.custodian.id, { whitelistChangesNeedApproval: false });
    // The deposit synced into the journal, so a send's hold is made as it is stored.
    const synced = await custodyMutation(api, 'sync', keys.alice, { walletId: wallet.walletId });
    if (!synced.success) throw new Error(`sync failed: ${JSON.stringify(synced.errors)}`);
    return { walletId: wallet.walletId, risk };
  }
  throw new Error('the simulator rated no new wallet High or Severe');
}

// One wallet goes through the whole story; the tests below follow it in order.
const { walletId, risk } = await walletToBeDenied();
const whitelisted = `bc1q${'w'.repeat(38)}`;
let deniedReportId = '';
let pendingApprovalId = '';
let pendingSendId = '';

test.after(() => api.close());

test('a DENIED screening freezes the wallet as it is stored: every view says FROZEN, audited for the requester', async () => {
  const sent = await custodyMutation(api, 'send', keys.alice, { walletId, address: btcDestination, amount: '150000' });
  pendingApprovalId = sent.pendingApproval.id;
  pendingSendId = sent.transfer.id;
  const added = expectData(
    await api.graphql(
      `mutation { addDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${whitelisted}" }) { success } }`,
      undefined,
      { key: keys.frank },
    ),
  );
  assert.equal([sent.outcome, added.addDigitalWalletWhitelistEntry.success], ['PENDING_APPROVAL', true]);
  assert.is(await summaryStatus(walletId), 'ACTIVE'); // now cached: the freeze must drop it

  const first = await screen(walletId, keys.alice);
  assert.equal([first.success, first.report.status], [true, 'PENDING']);
  deniedReportId = first.report.id;
  clock.advance(5 * 60_000);
  const second = await screen(walletId, keys.frank, { 'x-request-id': 'aml-freeze-test-0001' });
  assert.equal(second.report.status, 'PENDING');

  assert.equal(await walletRow(walletId), { status: 'frozen' });
  assert.equal(
    await api.rows('SELECT id, screening_status FROM aml_report WHERE wallet_id = $1 ORDER BY created_at, id', [
      walletId,
    ]),
    [
      { id: deniedReportId, screening_status: 'denied' },
      { id: second.report.id, screening_status: 'pending' },
    ],
  );
  assert.equal(await freezeRows(walletId), [
    { aml_report_id: deniedReportId, unfrozen: false, unfrozen_by: null, unfreeze_reason: null },
  ]);
  assert.equal(await auditRows(walletId), [
    {
      actor_user_id: 'demo-alice',
      actor_api_key_id: null,
      action: 'digital_wallet.freeze',
      resource_type: 'digital_wallet',
      request_id: 'aml-freeze-test-0001',
      details: {
        amlReportId: deniedReportId,
        riskLevel: risk.riskLevel,
        riskScore: risk.riskScore,
        previousStatus: 'active',
        status: 'frozen',
        voidedTransferIds: [pendingSendId],
      },
    },
  ]);
  assert.is(await summaryStatus(walletId), 'FROZEN');
  const dataLayer = await postGraphql(api.service, `{ digital_wallet_by_pk(id: ${walletId}) { status } }`, {
    headers: dataLayerAsWalletsAdmin,
  });
  assert.equal(dataLayer.body, { data: { digital_wallet_by_pk: { status: 'frozen' } } });
});

test('the freeze voids the send awaiting approval: its hold released in the journal, audited for the requester', async () => {
  const [{ id: freezeId }] = await api.rows('SELECT id FROM digital_wallet_freeze WHERE wallet_id = $1', [walletId]);
  assert.equal(
    await api.rows(
      'SELECT state, journaled_state, voided_by_freeze_id FROM digital_wallet_transaction WHERE transfer_id = $1',
      [pendingSendId],
    ),
    [{ state: 'pendingApproval', journaled_state: 'pendingApproval', voided_by_freeze_id: freezeId }],
  );
  assert.equal(
    await api.rows(
      `SELECT id, kind, pending_id, amount::text, metadata FROM ledger_transfer
       WHERE id IN ($1, $1 || ':void', $2, $2 || ':void') ORDER BY position`,
      [`send:${pendingSendId}`, `send-fee:${pendingSendId}`],
    ),
    [
      { id: `send:${pendingSendId}`, kind: 'pending', pending_id: null, amount: '150000', metadata: {} },
      { id: `send-fee:${pendingSendId}`, kind: 'pending', pending_id: null, amount: '1000', metadata: {} },
      {
        id: `send:${pendingSendId}:void`,
        kind: 'void_pending',
        pending_id: `send:${pendingSendId}`,
        amount: '150000',
        metadata: { walletId, freezeId, amlReportId: deniedReportId },
      },
      {
        id: `send-fee:${pendingSendId}:void`,
        kind: 'void_pending',
        pending_id: `send-fee:${pendingSendId}`,
        amount: '1000',
        metadata: { walletId, freezeId, amlReportId: deniedReportId },
      },
    ],
  );
  // The wallet holds 0.1 BTC, neither the amount nor the fee held any more: available is the balance again.
  assert.equal(
    await api.rows(
      `SELECT balance::text, available_balance::text FROM digital_wallet_asset WHERE wallet_id = $1 AND symbol = 'BTC'`,
      [walletId],
    ),
    [{ balance: '0.100000000000000000', available_balance: '0.100000000000000000' }],
  );
  assert.equal(
    await api.rows(
      `SELECT actor_user_id, action, request_id, details FROM audit_log
       WHERE resource_type = 'digital_wallet_transaction' AND resource_id = $1`,
      [pendingSendId],
    ),
    [
      {
        actor_user_id: 'demo-alice',
        action: 'digital_wallet_transaction.void',
        request_id: 'aml-freeze-test-0001',
        details: {
          walletId,
          freezeId,
          amlReportId: deniedReportId,
          custodianState: 'pendingApproval',
          coin: 'BTC',
          amountBaseUnits: '150000',
          feeCoin: 'BTC',
          feeBaseUnits: '1000',
          releasedHolds: [`send:${pendingSendId}:void`, `send-fee:${pendingSendId}:void`],
        },
      },
    ],
  );
});

test('the denial stays visible beside the newer PENDING screening', async () => {
  const shown = await detailOf(walletId);
  const reports = await api.rows('SELECT id FROM aml_report WHERE wallet_id = $1 ORDER BY created_at DESC, id DESC', [
    walletId,
  ]);
  assert.equal(shown.status, 'FROZEN');
  assert.equal(shown.amlStatus, {
    status: 'PENDING',
    riskLevel: risk.riskLevel.toUpperCase(),
    riskScore: risk.riskScore,
    screenedAt: clock.now().toISOString(),
    latestReport: { id: reports[0].id, status: 'PENDING' },
    latestFinalReport: {
      id: deniedReportId,
      status: 'DENIED',
      riskLevel: risk.riskLevel.toUpperCase(),
      riskScore: risk.riskScore,
      requestedByUserId: 'demo-alice',
      completedAt: clock.now().toISOString(),
    },
  });
});

test('a frozen wallet refuses sends (WALLET_FROZEN, nothing recorded) and approvals; a rejection passes', async () => {
  const calls = { ...custodian.calls };
  const transfers = await api.rows('SELECT count(*)::int AS n FROM digital_wallet_transaction WHERE wallet_id = $1', [
    walletId,
  ]);
  const refused = await custodyMutation(api, 'send', keys.alice, { walletId, address: btcDestination, amount: '1000' });
  assert.equal(refused, {
    success: false,
    errors: [
      {
        code: 'WALLET_FROZEN',
        message: `wallet ${walletId} is FROZEN: it sends nothing until an authorized person unfreezes it (unfreezeDigitalWallet)`,
        field: ['walletId'],
      },
    ],
    outcome: null,
    transfer: null,
    pendingApproval: null,
  });
  const approve = await custodyMutation(api, 'resolve', keys.frank, {
    approvalId: pendingApprovalId,
    decision: 'APPROVE',
  });
  assert.equal(failures(approve), [
    `WALLET_FROZEN decision: wallet ${walletId} is FROZEN: a pending request of it can only be rejected until an authorized person unfreezes it (unfreezeDigitalWallet)`,
  ]);
  assert.equal(custodian.calls, calls);
  assert.equal(
    await api.rows('SELECT count(*)::int AS n FROM digital_wallet_transaction WHERE wallet_id = $1', [walletId]),
    transfers,
  );
  assert.equal(await api.rows('SELECT state FROM digital_wallet_pending_approval WHERE id = $1', [pendingApprovalId]), [
    { state: 'pending' },
  ]);
  const reject = await custodyMutation(api, 'resolve', keys.frank, {
    approvalId: pendingApprovalId,
    decision: 'REJECT',
  });
  assert.equal([reject.success, reject.pendingApproval.state, reject.transfer.state], [true, 'REJECTED', 'REJECTED']);
  // The rejection finds the hold already released by the freeze: the journal posts nothing more.
  assert.equal(
    await api.rows(`SELECT id FROM ledger_transfer WHERE id LIKE $1 ORDER BY position`, [`%:${pendingSendId}%`]),
    [
      { id: `send:${pendingSendId}` },
      { id: `send-fee:${pendingSendId}` },
      { id: `send:${pendingSendId}:void` },
      { id: `send-fee:${pendingSendId}:void` },
    ],
  );
  assert.equal(
    await api.rows('SELECT state, journaled_state FROM digital_wallet_transaction WHERE transfer_id = $1', [
      pendingSendId,
    ]),
    [{ state: 'rejected', journaled_state: 'rejected' }],
  );
});

test('a frozen wallet gets no new deposit address or whitelist addition; a removal still applies', async () => {
  const address = await api.graphql(
    `mutation { createDigitalWalletAddress(input: { walletId: ${walletId} }) { success errors { code message field } } }`,
    undefined,
    { key: keys.frank },
  );
  assert.equal(failures(expectData(address).createDigitalWalletAddress), [
    `WALLET_FROZEN walletId: wallet ${walletId} is FROZEN: it gets no new deposit address until an authorized person unfreezes it (unfreezeDigitalWallet)`,
  ]);
  const other = `bc1q${'v'.repeat(38)}`;
  const addition = await api.graphql(
    `mutation { addDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${other}" }) { success errors { code message field } } }`,
    undefined,
    { key: keys.frank },
  );
  assert.equal(failures(expectData(addition).addDigitalWalletWhitelistEntry), [
    `WALLET_FROZEN walletId: wallet ${walletId} is FROZEN: its whitelist takes no new address until an authorized person unfreezes it (unfreezeDigitalWallet)`,
  ]);
  const removal = await api.graphql(
    `mutation { removeDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${whitelisted}" }) { success pendingApproval { id } } }`,
    undefined,
    { key: keys.frank },
  );
  assert.equal(expectData(removal).removeDigitalWalletWhitelistEntry, { success: true, pendingApproval: null });
  assert.equal(
    await api.rows('SELECT count(*)::int AS n FROM digital_wallet_address WHERE wallet_id = $1', [walletId]),
    [{ n: 0 }],
  );
  assert.equal(
    await api.rows('SELECT address, status FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 ORDER BY id', [
      walletId,
    ]),
    [{ address: whitelisted, status: 'removed' }],
  );
});

test('the data layer cannot make a wallet frozen by a denial ACTIVE, admin included; one frozen by hand it can', async () => {
  const update = `mutation { update_digital_wallet_by_pk(pk_columns: { id: ${walletId} }, _set: { status: "active" }) { status } }`;
  for (const headers of [dataLayerAsWalletsAdmin, asRole(null)]) {
    const answer = await postGraphql(api.service, update, { headers });
    assert.equal(
      (answer.body.errors ?? []).map((error: any) => [error.message, error.extensions.code]),
      [
        [
          "check constraint 'digital_wallet_aml_freeze' of 'digital_wallet' is violated by the written row: a wallet frozen by a DENIED AML screening becomes ACTIVE only through the business API mutation unfreezeDigitalWallet",
          'BAD_REQUEST',
        ],
      ],
    );
  }
  assert.equal(await walletRow(walletId), { status: 'frozen' });
  const byHand = await linkedWallet(api, custodian, { organizationId: aurora, owner: 'demo-alice', status: 'frozen' });
  const thawed = await postGraphql(
    api.service,
    `mutation { update_digital_wallet_by_pk(pk_columns: { id: ${byHand.walletId} }, _set: { status: "active" }) { status } }`,
    { headers: dataLayerAsWalletsAdmin },
  );
  assert.equal(thawed.body, { data: { update_digital_wallet_by_pk: { status: 'active' } } });
});

test('the data layer cannot add a whitelist address to a frozen wallet, admin included: the trigger’s reason passes through', async () => {
  const insert = `mutation { insert_digital_wallet_whitelist_entry_one(object: { wallet_id: ${walletId},
    address: "bc1q${'u'.repeat(38)}", label: "side door", status: "approved", created_by: "demo-frank" }) { id } }`;
  const answer = await postGraphql(api.service, insert, { headers: asRole(null) });
  assert.equal(
    (answer.body.errors ?? []).map((error: any) => [error.message, error.extensions.code]),
    [
      [
        "check constraint 'digital_wallet_whitelist_frozen' of 'digital_wallet_whitelist_entry' is violated by the written row: a FROZEN wallet's whitelist takes no new address until the wallet is unfrozen (business API mutation unfreezeDigitalWallet for a freeze by a DENIED AML screening); removing entries stays allowed",
        'BAD_REQUEST',
      ],
    ],
  );
  assert.equal(
    await api.rows(
      `SELECT count(*)::int AS n FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 AND status <> 'removed'`,
      [walletId],
    ),
    [{ n: 0 }],
  );
});

test('unfreezing is refused to the wallet organization’s own administrators, and without a reason', async () => {
  for (const [key, person] of [
    [keys.frank, 'demo-frank'],
    [keys.alice, 'demo-alice'],
  ] as const) {
    const answer = expectBody(await unfreezeAnswer({ walletId, reason: 'cleared' }, key));
    assert.equal(
      answer.errors.map((error: any) => [error.message, error.extensions.code]),
      [
        [
          `unfreezeDigitalWallet needs one of the roles compliance, platform_administrator in organization ${aurora}, which ${person} does not hold (permissions.yaml business_operations)`,
          'FORBIDDEN',
        ],
      ],
    );
  }
  const blank = expectData(await unfreezeAnswer({ walletId, reason: '  \n ' })).unfreezeDigitalWallet;
  assert.equal(failures(blank), ['VALIDATION_FAILED reason: reason must be 1 to 500 characters, not blank']);
  assert.equal(blank.wallet, null);
  const missing = await unfreezeAnswer({ walletId });
  assert.equal(
    missing.errors?.map((error) => error.extensions?.code),
    ['BAD_USER_INPUT'],
  );
  assert.equal(await walletRow(walletId), { status: 'frozen' });
  assert.equal(
    (await freezeRows(walletId)).map((row) => row.unfrozen),
    [false],
  );
  assert.equal(
    (await auditRows(walletId)).map((row) => row.action),
    ['digital_wallet.freeze'],
  );
});

test('a platform administrator unfreezes it with a reason: ACTIVE again, audited, the denial kept on record', async () => {
  const reason = 'Exposure reviewed with the client: funds traced to a regulated exchange';
  const answer = expectData(
    await unfreezeAnswer({ walletId, reason }, keys.admin, { 'x-request-id': 'aml-unfreeze-test-0001' }),
  ).unfreezeDigitalWallet;
  assert.equal(answer, {
    success: true,
    errors: [],
    wallet: { id: walletId, status: 'ACTIVE', label: 'test BTC wallet' },
  });
  assert.equal(await walletRow(walletId), { status: 'active' });
  assert.equal(await freezeRows(walletId), [
    { aml_report_id: deniedReportId, unfrozen: true, unfrozen_by: 'demo-admin', unfreeze_reason: reason },
  ]);
  assert.equal((await auditRows(walletId))[1], {
    actor_user_id: 'demo-admin',
    actor_api_key_id: keys.admin.id,
    action: 'digital_wallet.unfreeze',
    resource_type: 'digital_wallet',
    request_id: 'aml-unfreeze-test-0001',
    details: { amlReportId: deniedReportId, previousStatus: 'frozen', status: 'active', reason },
  });
  const shown = await detailOf(walletId);
  assert.equal(
    [shown.status, shown.amlStatus.latestFinalReport.id, shown.amlStatus.latestFinalReport.status],
    ['ACTIVE', deniedReportId, 'DENIED'],
  );
  assert.is(await summaryStatus(walletId), 'ACTIVE');
  // Sending again: the custodian sends only to whitelisted addresses once one was whitelisted.
  const added = await api.graphql(
    `mutation { addDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${btcDestination}" }) { success } }`,
    undefined,
    { key: keys.frank },
  );
  assert.equal(expectData(added).addDigitalWalletWhitelistEntry, { success: true });
  const sent = await custodyMutation(api, 'send', keys.alice, { walletId, address: btcDestination, amount: '1000' });
  assert.equal([sent.success, sent.outcome], [true, 'PENDING_APPROVAL']);
  const again = expectData(await unfreezeAnswer({ walletId, reason })).unfreezeDigitalWallet;
  assert.equal(failures(again), [
    `INVALID_STATE walletId: wallet ${walletId} is ACTIVE: only a FROZEN wallet can be unfrozen`,
  ]);
});

test('a compliance officer of the wallet’s organization unfreezes a wallet frozen by hand', async () => {
  const byHand = await linkedWallet(api, custodian, { organizationId: aurora, owner: 'demo-alice', status: 'frozen' });
  const answer = expectData(
    await unfreezeAnswer({ walletId: byHand.walletId, reason: 'Operator freeze lifted' }, keys.dave, {
      'x-request-id': 'aml-unfreeze-test-0002',
    }),
  ).unfreezeDigitalWallet;
  assert.equal([answer.success, answer.wallet.status], [true, 'ACTIVE']);
  assert.equal(await auditRows(byHand.walletId), [
    {
      actor_user_id: 'demo-dave',
      actor_api_key_id: keys.dave.id,
      action: 'digital_wallet.unfreeze',
      resource_type: 'digital_wallet',
      request_id: 'aml-unfreeze-test-0002',
      details: { amlReportId: null, previousStatus: 'frozen', status: 'active', reason: 'Operator freeze lifted' },
    },
  ]);
  const meridianKey = await api.key({
    organization: walletCallers.meridian.organization,
    scopes: ['wallets'],
    owner: 'demo-grace',
  });
  const elsewhere = expectData(await unfreezeAnswer({ walletId, reason: 'x' }, meridianKey)).unfreezeDigitalWallet;
  assert.equal(failures(elsewhere), [`NOT_FOUND walletId: no wallet ${walletId}`]);
});

test.run();
