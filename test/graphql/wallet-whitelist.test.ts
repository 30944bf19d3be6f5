// Mutation.addDigitalWalletWhitelistEntry and removeDigitalWalletWhitelistEntry through the real
// service, the custody simulator behind the real HTTP client (docs/custody.md#wallet-operations):
// applied at once (APPROVED, or the entry kept as removed, with its remover, off the whitelist and
// free to be added again) or held for the custodian's pending approval
// with the acting user as its creator (PENDING entry, approval row with the custodian's id);
// duplicates, pending changes, bad addresses and other organizations' wallets refused before the
// custodian is asked; a custodian failure writes nothing; a recording that failed after the
// custodian applied an addition is recorded when the addition is repeated, and one cut off after
// the custodian held it for approval (the node died, or the recording failed) is adopted by the
// retry with its key, with the custodian's approval (docs/custody.md#consistency).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { custodianAnswerError } from '../../src/providers/custody/custody-provider-error.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody, expectData } from '../support/graphql-answer.ts';
import { custodyMutation } from './support/custody-fixtures.ts';
import { aurora, demoWalletId, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const logLines: Record<string, unknown>[] = [];
const { custodian, aml } = await startWalletProviders();
// New custodial wallets without an approval policy (docs/custody.md#approval-policy-of-new-wallets):
// each test that needs approvals sets the wallet's policy at the custodian (`newWallet`).
const api = await startBusinessApi({
  seed: 'demo',
  providers: [custodian, aml],
  logLines,
  env: { CUSTODY_APPROVALS_REQUIRED: '0' },
});
const keys = await api.keys(walletCallers);

const cold = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const exchange = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const entryFields = 'id walletId address label status requestedByUserId createdAt decidedAt';
const payloadFields = `success errors { code message field } entry { ${entryFields} }
  pendingApproval { id walletId kind state approvalsRequired approvalsReceived createdByUserId createdAt resolvedAt
    transfer { id } whitelistEntry { ${entryFields} } }`;
const add = `mutation ($input: AddDigitalWalletWhitelistEntryInput!) { addDigitalWalletWhitelistEntry(input: $input) { ${payloadFields} } }`;
const remove = `mutation ($input: RemoveDigitalWalletWhitelistEntryInput!) { removeDigitalWalletWhitelistEntry(input: $input) { ${payloadFields} } }`;

async function addEntry(input: Record<string, unknown>, key = keys.aurora, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(add, { input }, { key, headers })).data.addDigitalWalletWhitelistEntry;
}
async function removeEntry(input: Record<string, unknown>, key = keys.aurora) {
  return expectBody(await api.graphql(remove, { input }, { key })).data.removeDigitalWalletWhitelistEntry;
}

/** A new Aurora BTC wallet; with approvals, every whitelist change of it waits for that many. */
async function newWallet(approvalsRequired = 0): Promise<{ id: number; custodianWalletId: string }> {
  const answer = expectBody(
    await api.graphql(
      `mutation { createDigitalWallet(input: { label: "Whitelist test", type: CUSTODIAL, coin: "BTC" }) { wallet { id } } }`,
      undefined,
      { key: keys.aurora },
    ),
  );
  const custodianWalletId = custodian.answers.createWallet.id;
  if (approvalsRequired > 0)
    custodian.simulator.control.setWalletPolicy(custodianWalletId, {
      approvalsRequired,
      whitelistChangesNeedApproval: true,
    });
  return { id: answer.data.createDigitalWallet.wallet.id, custodianWalletId };
}

const entryRows = (walletId: number) =>
  api.rows(
    `SELECT id, address, label, status, created_by, created_at = decided_at AS decided_when_created, decided_at IS NULL AS undecided
     FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 ORDER BY id`,
    [walletId],
  );
const approvalRows = (walletId: number) =>
  api.rows(
    `SELECT id, kind, whitelist_entry_id, transaction_id, created_by, state, approvals_required, approvals_received, resolved_at
     FROM digital_wallet_pending_approval WHERE wallet_id = $1 ORDER BY created_at, id`,
    [walletId],
  );
const failures = (payload: any) =>
  payload.errors.map((error: any) => `${error.code} ${error.field?.join('.')}: ${error.message}`);
/** Every entry of the wallet, removed ones included: the history. */
const historyRows = (walletId: number) =>
  api.rows(
    `SELECT id, status, removed_by, removed_at IS NOT NULL AND removed_at >= created_at AS removed_after_creation
     FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 ORDER BY id`,
    [walletId],
  );
/** The wallet's whitelist as the business API's detail shows it. */
async function currentWhitelist(walletId: number) {
  const query = `query ($id: Int!) { digitalWalletDetailById(id: $id) { whitelistEntries { id address status } } }`;
  return expectData(await api.graphql(query, { id: walletId }, { key: keys.aurora })).digitalWalletDetailById
    .whitelistEntries;
}

test.after(() => api.close());

test('an addition the policy lets through is APPROVED at once, by the acting user', async () => {
  const wallet = await newWallet();
  const answer = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' });
  const [row] = await entryRows(wallet.id);
  assert.equal(answer, {
    success: true,
    errors: [],
    entry: {
      id: row.id,
      walletId: wallet.id,
      address: cold,
      label: 'Cold storage',
      status: 'APPROVED',
      requestedByUserId: 'demo-frank',
      createdAt: answer.entry.createdAt,
      decidedAt: answer.entry.createdAt,
    },
    pendingApproval: null,
  });
  assert.equal(await entryRows(wallet.id), [
    {
      id: row.id,
      address: cold,
      label: 'Cold storage',
      status: 'approved',
      created_by: 'demo-frank',
      decided_when_created: true,
      undecided: false,
    },
  ]);
  assert.equal(custodian.answers.addWhitelistAddress, {
    outcome: 'applied',
    whitelist: [{ address: cold, label: 'Cold storage' }],
  });
  assert.equal(await approvalRows(wallet.id), []);
});

test('an addition on a wallet needing approvals is PENDING, with the custodian’s approval stored', async () => {
  const wallet = await newWallet(2);
  const answer = await addEntry({ walletId: wallet.id, address: exchange, label: 'Exchange deposit' }, keys.aurora, {
    'x-acting-user': 'demo-alice',
  });
  const approval = custodian.answers.addWhitelistAddress.pendingApproval;
  assert.match(approval.id, /^[0-9a-f]{32}$/);
  assert.is(approval.creator, 'demo-alice');
  const [row] = await entryRows(wallet.id);
  const entry = {
    id: row.id,
    walletId: wallet.id,
    address: exchange,
    label: 'Exchange deposit',
    status: 'PENDING',
    requestedByUserId: 'demo-alice',
    createdAt: answer.entry.createdAt,
    decidedAt: null,
  };
  assert.equal(answer, {
    success: true,
    errors: [],
    entry,
    pendingApproval: {
      id: approval.id,
      walletId: wallet.id,
      kind: 'WHITELIST_ADD',
      state: 'PENDING',
      approvalsRequired: 2,
      approvalsReceived: 0,
      createdByUserId: 'demo-alice',
      createdAt: approval.createdAt.toISOString(),
      resolvedAt: null,
      transfer: null,
      whitelistEntry: entry,
    },
  });
  assert.equal(await entryRows(wallet.id), [
    {
      id: row.id,
      address: exchange,
      label: 'Exchange deposit',
      status: 'pending',
      created_by: 'demo-alice',
      decided_when_created: null,
      undecided: true,
    },
  ]);
  assert.equal(await approvalRows(wallet.id), [
    {
      id: approval.id,
      kind: 'whitelistAdd',
      whitelist_entry_id: row.id,
      transaction_id: null,
      created_by: 'demo-alice',
      state: 'pending',
      approvals_required: 2,
      approvals_received: 0,
      resolved_at: null,
    },
  ]);
  // While it waits: adding it again is a CONFLICT, removing it INVALID_STATE; the custodian is not asked.
  const calls = { ...custodian.calls };
  assert.equal(failures(await addEntry({ walletId: wallet.id, address: exchange })), [
    `CONFLICT address: ${exchange} awaits approval on the whitelist of wallet ${wallet.id}`,
  ]);
  assert.equal(failures(await removeEntry({ walletId: wallet.id, address: exchange })), [
    `INVALID_STATE address: ${exchange} cannot be removed while its addition awaits approval`,
  ]);
  assert.equal(custodian.calls, calls);
});

test('a removal applied at once keeps the entry as removed by the acting user, off the whitelist; the address can be added again', async () => {
  const wallet = await newWallet();
  const added = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' });
  const removed = await removeEntry({ walletId: wallet.id, address: cold });
  assert.equal(removed, { success: true, errors: [], entry: added.entry, pendingApproval: null });
  assert.equal(await historyRows(wallet.id), [
    { id: added.entry.id, status: 'removed', removed_by: 'demo-frank', removed_after_creation: true },
  ]);
  assert.equal(custodian.answers.removeWhitelistAddress, { outcome: 'applied', whitelist: [] });
  assert.equal(await currentWhitelist(wallet.id), []);
  assert.equal(failures(await removeEntry({ walletId: wallet.id, address: cold })), [
    `NOT_FOUND address: ${cold} is not on the whitelist of wallet ${wallet.id}`,
  ]);

  const again = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage, again' }, keys.aurora, {
    'x-acting-user': 'demo-alice',
  });
  assert.equal(
    [again.success, again.entry.status, again.entry.label, again.entry.requestedByUserId],
    [true, 'APPROVED', 'Cold storage, again', 'demo-alice'],
  );
  assert.equal(await historyRows(wallet.id), [
    { id: added.entry.id, status: 'removed', removed_by: 'demo-frank', removed_after_creation: true },
    { id: again.entry.id, status: 'approved', removed_by: null, removed_after_creation: false },
  ]);
  assert.equal(await currentWhitelist(wallet.id), [{ id: again.entry.id, address: cold, status: 'APPROVED' }]);
});

test('a removal approved by a second person keeps the entry as removed by the person who asked for it', async () => {
  const wallet = await newWallet();
  const added = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' });
  custodian.simulator.control.setWalletPolicy(wallet.custodianWalletId, {
    approvalsRequired: 1,
    whitelistChangesNeedApproval: true,
  });
  const removed = await removeEntry({ walletId: wallet.id, address: cold });
  const approver = await api.key({ organization: aurora, scopes: ['custody'], owner: 'demo-alice' });
  const resolved = await custodyMutation(api, 'resolve', approver, {
    approvalId: removed.pendingApproval.id,
    decision: 'APPROVE',
  });
  assert.equal(
    [resolved.success, resolved.pendingApproval.state, resolved.pendingApproval.decidedByUserId],
    [true, 'APPROVED', 'demo-alice'],
  );
  // Removed when the custodian resolved the approval, as an addition is decided then.
  assert.equal(
    await api.rows(
      `SELECT e.id, e.status, e.removed_by, e.removed_at = a.resolved_at AS removed_when_resolved
       FROM digital_wallet_whitelist_entry e JOIN digital_wallet_pending_approval a ON a.whitelist_entry_id = e.id
       WHERE e.wallet_id = $1`,
      [wallet.id],
    ),
    [{ id: added.entry.id, status: 'removed', removed_by: 'demo-frank', removed_when_resolved: true }],
  );
  assert.equal(await currentWhitelist(wallet.id), []);
});

test('a removal the policy holds back keeps the entry in force and stores the approval', async () => {
  const wallet = await newWallet();
  const added = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' });
  custodian.simulator.control.setWalletPolicy(wallet.custodianWalletId, {
    approvalsRequired: 1,
    whitelistChangesNeedApproval: true,
  });
  const removed = await removeEntry({ walletId: wallet.id, address: cold });
  const approval = custodian.answers.removeWhitelistAddress.pendingApproval;
  assert.equal(removed.pendingApproval, {
    id: approval.id,
    walletId: wallet.id,
    kind: 'WHITELIST_REMOVE',
    state: 'PENDING',
    approvalsRequired: 1,
    approvalsReceived: 0,
    createdByUserId: 'demo-frank',
    createdAt: approval.createdAt.toISOString(),
    resolvedAt: null,
    transfer: null,
    whitelistEntry: added.entry,
  });
  assert.equal(removed.entry, added.entry);
  assert.equal(
    (await entryRows(wallet.id)).map((row) => row.status),
    ['approved'],
  );
  assert.equal(
    (await approvalRows(wallet.id)).map((row) => [row.id, row.kind, row.whitelist_entry_id, row.created_by]),
    [[approval.id, 'whitelistRemove', added.entry.id, 'demo-frank']],
  );
  const calls = custodian.calls.removeWhitelistAddress;
  assert.equal(failures(await removeEntry({ walletId: wallet.id, address: cold })), [
    `INVALID_STATE address: ${cold} cannot be removed while its removal awaits approval`,
  ]);
  assert.equal(failures(await addEntry({ walletId: wallet.id, address: cold })), [
    `CONFLICT address: ${cold} is already on the whitelist of wallet ${wallet.id}`,
  ]);
  assert.is(custodian.calls.removeWhitelistAddress, calls);
});

test('bad input is refused before the custodian is asked, and nothing is written', async () => {
  const wallet = await newWallet();
  const calls = { ...custodian.calls };
  assert.equal(failures(await addEntry({ walletId: wallet.id, address: 'bc1q with spaces' })), [
    'VALIDATION_FAILED address: address must be 1 to 128 printable characters without spaces',
  ]);
  assert.equal(
    failures(await addEntry({ walletId: wallet.id, address: '0x52908400098527886E0F7030069857D2E4169EE7' })),
    ['VALIDATION_FAILED address: address must be a Bitcoin address (bc1… or base58 starting with 1 or 3)'],
  );
  assert.equal(failures(await addEntry({ walletId: 0, address: cold, label: 'l'.repeat(101) })), [
    'VALIDATION_FAILED walletId: walletId must be a wallet id: a whole number from 1',
    'VALIDATION_FAILED label: label must be 1 to 100 characters, not blank',
  ]);
  assert.equal(failures(await removeEntry({ walletId: -4, address: '' })), [
    'VALIDATION_FAILED walletId: walletId must be a wallet id: a whole number from 1',
    'VALIDATION_FAILED address: address must be 1 to 128 printable characters without spaces',
  ]);
  assert.equal(custodian.calls, calls);
  assert.equal(await entryRows(wallet.id), []);
});

test('another organization’s wallet answers exactly as a missing one; an archived wallet is read-only', async () => {
  const wallet = await newWallet();
  const meridianAnswer = await addEntry({ walletId: wallet.id, address: cold }, keys.meridian);
  assert.equal(failures(meridianAnswer), [`NOT_FOUND walletId: no wallet ${wallet.id}`]);
  assert.equal(failures(await addEntry({ walletId: 99_999, address: cold })), ['NOT_FOUND walletId: no wallet 99999']);
  assert.equal(failures(await removeEntry({ walletId: wallet.id, address: cold }, keys.meridian)), [
    `NOT_FOUND walletId: no wallet ${wallet.id}`,
  ]);
  await api.rows(`UPDATE digital_wallet SET status = 'archived' WHERE id = $1`, [wallet.id]);
  assert.equal(failures(await addEntry({ walletId: wallet.id, address: cold })), [
    `INVALID_STATE walletId: wallet ${wallet.id} is archived: it is kept read-only`,
  ]);
  assert.equal(await entryRows(wallet.id), []);
});

test('the custodian’s refusals and failures become user errors in our words with our request id, and nothing is written', async () => {
  const wallet = await newWallet();
  custodian.failNext(
    'addWhitelistAddress',
    custodianAnswerError('addWhitelistAddress', 400, {
      error: 'not a mainnet address',
      name: 'InvalidAddress',
      requestId: 'a1',
    }),
  );
  assert.equal(
    failures(
      await addEntry({ walletId: wallet.id, address: cold }, keys.aurora, { 'x-request-id': 'whitelist-refused-1' }),
    ),
    [
      "VALIDATION_FAILED address: the custodian refused the address: it is not one of the wallet's chain (requestId whitelist-refused-1)",
    ],
  );
  custodian.failNext(
    'addWhitelistAddress',
    custodianAnswerError('addWhitelistAddress', 502, { error: 'overloaded', name: 'InternalError', requestId: 'a2' }),
  );
  assert.equal(
    failures(
      await addEntry({ walletId: wallet.id, address: cold }, keys.aurora, { 'x-request-id': 'whitelist-failed-1' }),
    ),
    ['SERVICE_UNAVAILABLE undefined: the custodian is unavailable; retry in 5 seconds (requestId whitelist-failed-1)'],
  );
  assert.equal(await entryRows(wallet.id), []);
  // A demo wallet's custodian id is not the simulator's: the custodian's own NotFound.
  const demo = await demoWalletId(api, 'Aurora BTC Custody');
  const unknown = await addEntry({ walletId: demo, address: exchange }, keys.aurora, {
    'x-request-id': 'whitelist-unknown-1',
  });
  assert.equal(failures(unknown), [
    'PROVIDER_ERROR undefined: the custodian does not know this wallet (requestId whitelist-unknown-1)',
  ]);
});

test('the custodian’s request id and wallet id are logged once at warn with our request id, never answered', async () => {
  const demo = await demoWalletId(api, 'Aurora BTC Custody');
  const [{ custodian_wallet_id: custodianWalletId }] = await api.rows(
    'SELECT custodian_wallet_id FROM digital_wallet WHERE id = $1',
    [demo],
  );
  const response = await api.graphql(
    add,
    { input: { walletId: demo, address: exchange } },
    { key: keys.aurora, headers: { 'x-request-id': 'whitelist-correlate-1' } },
  );
  const lines = logLines.filter(
    (line) =>
      line.requestId === 'whitelist-correlate-1' && line.msg === 'custodian refused or failed a wallet operation',
  );
  assert.is(lines.length, 1);
  const [line] = lines as any[];
  assert.equal(
    [line.level, line.provider, line.operation, line.reason, line.providerStatus, line.custodian.name],
    [40, 'custody', 'addWhitelistAddress', 'notFound', 404, 'NotFound'],
  );
  const custodianRequestId: string = line.custodian.requestId;
  assert.match(custodianRequestId, /^[0-9a-f]{32}$/);
  assert.ok(line.custodian.error.includes(custodianWalletId), line.custodian.error);
  for (const leaked of [custodianRequestId, custodianWalletId]) {
    assert.not.ok(response.text.includes(leaked), `${leaked} in ${response.text}`);
  }
  assert.ok(response.text.includes('whitelist-correlate-1'), response.text);
});

test('an addition the custodian applied but the platform failed to record is recorded when repeated', async () => {
  const wallet = await newWallet();
  await api.rows(`CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'recording refused for the test'; END $$`);
  await api.rows(`CREATE TRIGGER refuse_entry BEFORE INSERT ON digital_wallet_whitelist_entry
    FOR EACH ROW WHEN (NEW.label = 'Refused once') EXECUTE FUNCTION refuse_entry()`);
  try {
    const failed = expectBody(
      await api.graphql(
        add,
        {
          input: { walletId: wallet.id, address: cold, label: 'Refused once' },
        },
        { key: keys.aurora },
      ),
    );
    assert.equal(
      failed.errors.map((error: any) => error.extensions.code),
      ['INTERNAL_SERVER_ERROR'],
    );
  } finally {
    await api.rows('DROP TRIGGER refuse_entry ON digital_wallet_whitelist_entry');
    await api.rows('DROP FUNCTION refuse_entry()');
  }
  assert.equal(await entryRows(wallet.id), []);
  assert.equal(
    logLines.filter((line) => line.walletId === wallet.id).map((line) => [line.level, line.msg]),
    [[50, 'whitelist addition made at the custodian but not recorded: reconcile by hand']],
  );
  const repeated = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' });
  assert.equal([repeated.success, repeated.entry.status, repeated.pendingApproval], [true, 'APPROVED', null]);
  assert.equal(
    (await entryRows(wallet.id)).map((row) => [row.address, row.status]),
    [[cold, 'approved']],
  );
});

/** The idempotency_key rows of the key: what a retry with it found and left. */
const keyRows = (key: string) =>
  api.rows(
    `SELECT state, result_ref FROM idempotency_key
     WHERE organization_id = $1 AND operation = 'addDigitalWalletWhitelistEntry' AND idempotency_key = $2`,
    [aurora, key],
  );

/** The lines the service logged about the wallet, as level and message. */
const walletLog = (walletId: number) =>
  logLines.filter((line) => line.walletId === walletId).map((line) => [line.level, line.msg]);

const adoptedLine = [
  40,
  'the custodian holds a pending whitelist addition the platform had not recorded: recorded as pending with its approval',
];

/**
 * The retry of an addition the custodian holds for approval and the platform never recorded: one
 * PENDING entry, with the custodian's approval, under the key; the custodian asked once more and
 * its pending approvals read once.
 */
async function expectAdopted(wallet: { id: number }, input: Record<string, unknown>, approvalId: string) {
  const calls = { ...custodian.calls };
  const adopted = await addEntry(input);
  assert.equal(
    [adopted.success, adopted.entry.status, adopted.pendingApproval?.id, adopted.pendingApproval?.kind],
    [true, 'PENDING', approvalId, 'WHITELIST_ADD'],
  );
  assert.equal(
    (await entryRows(wallet.id)).map((row) => [row.id, row.address, row.label, row.status, row.created_by]),
    [[adopted.entry.id, input.address, input.label, 'pending', 'demo-frank']],
  );
  assert.equal(
    (await approvalRows(wallet.id)).map((row) => [row.id, row.kind, row.whitelist_entry_id, row.state, row.created_by]),
    [[approvalId, 'whitelistAdd', adopted.entry.id, 'pending', 'demo-frank']],
  );
  assert.equal(await keyRows(String(input.idempotencyKey)), [
    { state: 'completed', result_ref: String(adopted.entry.id) },
  ]);
  assert.equal(
    [custodian.calls.addWhitelistAddress, custodian.calls.listPendingApprovals],
    [(calls.addWhitelistAddress ?? 0) + 1, (calls.listPendingApprovals ?? 0) + 1],
  );
  // Answered as what the key made from now on, without asking the custodian.
  const replayed = await addEntry(input);
  assert.equal([replayed.entry.id, replayed.pendingApproval?.id], [adopted.entry.id, approvalId]);
  assert.is(custodian.calls.addWhitelistAddress, (calls.addWhitelistAddress ?? 0) + 1);
  return adopted;
}

test('an addition cut off by a dead node after the custodian held it for approval is adopted by the retry with its key', async () => {
  const wallet = await newWallet(1);
  const input = { walletId: wallet.id, address: exchange, label: 'Exchange deposit', idempotencyKey: 'cut-off-1' };
  const first = await addEntry(input);
  const approvalId = first.pendingApproval.id;
  // The node died between the custodian's answer and its commit: nothing recorded, the claim left
  // pending, and its lease (REQUEST_TIMEOUT_MS + 15 s, 45 s here) over.
  await api.rows('DELETE FROM digital_wallet_pending_approval WHERE wallet_id = $1', [wallet.id]);
  await api.rows('DELETE FROM digital_wallet_whitelist_entry WHERE wallet_id = $1', [wallet.id]);
  await api.rows(
    `UPDATE idempotency_key SET state = 'pending', result_ref = NULL, updated_at = now() - interval '46 seconds'
     WHERE organization_id = $1 AND idempotency_key = $2`,
    [aurora, input.idempotencyKey],
  );
  // The custodian still holds the addition, so it refuses to make it again.
  const pendingAtCustodian = await custodian.client.listPendingApprovals(wallet.custodianWalletId);
  assert.equal(
    pendingAtCustodian.map((approval) => [approval.id, approval.kind, approval.address]),
    [[approvalId, 'whitelistAdd', exchange]],
  );
  // The look-up failing answers its own refusal and writes nothing: the retry after it adopts.
  custodian.failNext(
    'listPendingApprovals',
    custodianAnswerError('listPendingApprovals', 503, { error: 'overloaded', name: 'InternalError', requestId: 'l1' }),
  );
  const unavailable = await addEntry(input, keys.aurora, { 'x-request-id': 'whitelist-lookup-1' });
  assert.equal(failures(unavailable), [
    'SERVICE_UNAVAILABLE undefined: the custodian is unavailable; retry in 5 seconds (requestId whitelist-lookup-1)',
  ]);
  assert.equal(await entryRows(wallet.id), []);
  assert.equal(await keyRows(input.idempotencyKey), [{ state: 'failed', result_ref: null }]);

  await expectAdopted(wallet, input, approvalId);
  assert.equal(walletLog(wallet.id), [adoptedLine]);
  // Approved at the custodian later: the adopted approval is the one that moves the entry.
  await custodian.client.resolvePendingApproval({ approvalId, decision: 'approved', userId: 'demo-grace' });
  assert.equal(await custodian.client.listPendingApprovals(wallet.custodianWalletId), []);
});

test('an addition held for approval whose recording failed is adopted by the retry with its key', async () => {
  const wallet = await newWallet(2);
  const input = { walletId: wallet.id, address: cold, label: 'Refused once', idempotencyKey: 'cut-off-2' };
  await api.rows(`CREATE FUNCTION refuse_pending_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'recording refused for the test'; END $$`);
  await api.rows(`CREATE TRIGGER refuse_pending_entry BEFORE INSERT ON digital_wallet_whitelist_entry
    FOR EACH ROW WHEN (NEW.label = 'Refused once') EXECUTE FUNCTION refuse_pending_entry()`);
  try {
    const failed = expectBody(await api.graphql(add, { input }, { key: keys.aurora }));
    assert.equal(
      failed.errors.map((error: any) => error.extensions.code),
      ['INTERNAL_SERVER_ERROR'],
    );
  } finally {
    await api.rows('DROP TRIGGER refuse_pending_entry ON digital_wallet_whitelist_entry');
    await api.rows('DROP FUNCTION refuse_pending_entry()');
  }
  const approvalId = custodian.answers.addWhitelistAddress.pendingApproval.id;
  assert.equal(await entryRows(wallet.id), []);
  assert.equal(await keyRows(input.idempotencyKey), [{ state: 'failed', result_ref: null }]);
  await expectAdopted(wallet, input, approvalId);
  assert.equal(walletLog(wallet.id), [
    [50, 'whitelist addition made at the custodian but not recorded: reconcile by hand'],
    adoptedLine,
  ]);
});

test('concurrent additions of one address with different keys: one entry, every other answered CONFLICT, none fails', async () => {
  const wallet = await newWallet(2);
  const answers = await Promise.all(
    ['race-1', 'race-2', 'race-3', 'race-4'].map((idempotencyKey) =>
      addEntry({ walletId: wallet.id, address: exchange, idempotencyKey }),
    ),
  );
  const made = answers.filter((answer) => answer.success);
  assert.is(made.length, 1, JSON.stringify(answers));
  for (const refused of answers.filter((answer) => !answer.success))
    assert.equal(
      refused.errors.map((error: { code: string; field: string[] }) => [error.code, error.field]),
      [['CONFLICT', ['address']]],
    );
  assert.is((await entryRows(wallet.id)).length, 1);
});

test('an addition refused because the removal of the address awaits approval at the custodian stays a CONFLICT', async () => {
  const wallet = await newWallet();
  assert.is((await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage' })).success, true);
  custodian.simulator.control.setWalletPolicy(wallet.custodianWalletId, {
    approvalsRequired: 1,
    whitelistChangesNeedApproval: true,
  });
  const removal = await removeEntry({ walletId: wallet.id, address: cold });
  assert.equal([removal.success, removal.pendingApproval.kind], [true, 'WHITELIST_REMOVE']);
  // The platform lost its rows; the custodian holds the removal.
  await api.rows('DELETE FROM digital_wallet_pending_approval WHERE wallet_id = $1', [wallet.id]);
  await api.rows('DELETE FROM digital_wallet_whitelist_entry WHERE wallet_id = $1', [wallet.id]);
  const calls = custodian.calls.listPendingApprovals ?? 0;
  const refused = await addEntry({ walletId: wallet.id, address: cold, label: 'Cold storage', idempotencyKey: 'rm-1' });
  assert.equal(
    refused.errors.map((error: any) => [error.code, error.field]),
    [['CONFLICT', ['address']]],
  );
  assert.match(refused.errors[0].message, /^a change of this address awaits approval/);
  assert.is(custodian.calls.listPendingApprovals, calls + 1);
  assert.equal(await entryRows(wallet.id), []);
  assert.equal(await keyRows('rm-1'), [{ state: 'failed', result_ref: null }]);
  assert.equal(walletLog(wallet.id), []);
});

test.run();
