// Who may use the custody mutations and on what (docs/identity.md#scopes, docs/identity.md#acting-user,
// docs/custody.md#the-mutations), through the real service and the custody simulator over loopback
// HTTP: the root-field guard refuses partner keys, keys without `custody` and no key; a key bound to
// an organization reaches only its wallets and approvals, others answering as missing ones do; the
// acting user is the key's owner or the X-Acting-User it names, must belong to the wallet's
// organization, and is what sends record; every mutation drops the wallet's cached results.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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
// An approver holds digital_wallets_admin or organization_admin (permissions.yaml business_operations).
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
const grace = await api.key({ organization: organizations.meridian, owner: 'demo-grace', scopes: custodyScopes });
const partner = await api.key({
  organization: organizations.aurora,
  owner: 'demo-alice',
  kind: 'partner',
  scopes: custodyScopes,
});
const reader = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: ['read', 'wallets'] });

const wallet = await linkedWallet(api, custody, {
  organizationId: organizations.aurora,
  owner: 'demo-alice',
  approvalsRequired: 1,
});
custody.simulator.control.receive({ walletId: wallet.custodian.id, amount: '10000000' });
const sendInput = { walletId: wallet.walletId, address: btcDestination, amount: '1000' };
const pending = await custodyMutation(api, 'send', alice.secret, sendInput);
const approvalId = pending.pendingApproval.id as string;

const inputs = {
  send: sendInput,
  resolve: { approvalId, decision: 'APPROVE' },
  sync: { walletId: wallet.walletId },
} as const;
const fields = {
  send: 'bitgoSendTransaction',
  resolve: 'bitgoResolveApproval',
  sync: 'bitgoSyncWalletTransactions',
} as const;
const operations = ['send', 'resolve', 'sync'] as const;

const send = (key: string, input: Record<string, unknown>, headers?: Record<string, string>) =>
  custodyMutation(api, 'send', key, input, headers);
const errorsOf = (payload: any) => payload.errors;

test.after(() => api.close());

test('partner keys, keys without the custody scope, and no key are refused before anything runs', async () => {
  const before = await storedTransfers(api, wallet.walletId);
  for (const operation of operations) {
    const field = fields[operation];
    const asPartner = await api.graphql(
      custodyDocuments[operation],
      { input: inputs[operation] },
      { key: partner.secret },
    );
    assert.equal(
      [
        asPartner.status,
        asPartner.body.data,
        asPartner.body.errors.map((error: any) => [error.extensions.code, error.message]),
      ],
      [200, null, [['FORBIDDEN', 'partner API keys cannot use the business GraphQL API']]],
    );
    const asReader = await api.graphql(
      custodyDocuments[operation],
      { input: inputs[operation] },
      { key: reader.secret },
    );
    assert.equal(
      asReader.body.errors.map((error: any) => [error.extensions.code, error.message]),
      [['FORBIDDEN', `this API key lacks the 'custody' scope, which ${field} needs`]],
    );
    const anonymous = await api.graphql(custodyDocuments[operation], { input: inputs[operation] }, { key: null });
    assert.equal(
      [anonymous.status, anonymous.body.errors.map((error: any) => error.extensions.code)],
      [401, ['UNAUTHENTICATED']],
    );
  }
  assert.equal(await storedTransfers(api, wallet.walletId), before);
  assert.is((await custody.client.getPendingApproval(approvalId)).state, 'pending');
});

test('a key of another organization gets NOT_FOUND, exactly as for records that do not exist', async () => {
  const missingWallet = await send(grace.secret, { ...sendInput, walletId: 999_999 });
  const otherWallet = await send(grace.secret, sendInput);
  assert.equal(errorsOf(missingWallet), [{ code: 'NOT_FOUND', message: 'no wallet 999999', field: ['walletId'] }]);
  assert.equal(errorsOf(otherWallet), [
    { code: 'NOT_FOUND', message: `no wallet ${wallet.walletId}`, field: ['walletId'] },
  ]);
  const missingApproval = await custodyMutation(api, 'resolve', grace.secret, {
    approvalId: 'ab'.repeat(16),
    decision: 'APPROVE',
  });
  const otherApproval = await custodyMutation(api, 'resolve', grace.secret, inputs.resolve);
  assert.equal(errorsOf(otherApproval), errorsOf(missingApproval));
  assert.equal(errorsOf(otherApproval), [
    { code: 'NOT_FOUND', message: 'no such pending approval', field: ['approvalId'] },
  ]);
  const otherSync = await custodyMutation(api, 'sync', grace.secret, inputs.sync);
  assert.equal(errorsOf(otherSync), [
    { code: 'NOT_FOUND', message: `no wallet ${wallet.walletId}`, field: ['walletId'] },
  ]);
  assert.is((await custody.client.getPendingApproval(approvalId)).state, 'pending');
});

test('the acting user: the key owner, or the X-Acting-User it names; sends record them', async () => {
  // A refused acting user is a GraphQL error about the request's credentials, as in every mutation.
  const refusal = async (key: string, headers: Record<string, string> = {}) => {
    const answer = await api.graphql(custodyDocuments.send, { input: sendInput }, { key, headers });
    return [
      answer.status,
      answer.body.data,
      answer.body.errors.map((error: any) => [error.extensions.code, error.message]),
    ];
  };
  assert.equal(await refusal(api.adminKey), [
    200,
    null,
    [['FORBIDDEN', 'this API key has no owner to act for it: name the acting user with X-Acting-User']],
  ]);
  assert.equal(await refusal(alice.secret, { 'x-acting-user': 'demo-grace' }), [
    200,
    null,
    [['FORBIDDEN', "X-Acting-User names no user of this API key's organization"]],
  ]);
  const tooLong = await refusal(alice.secret, { 'x-acting-user': 'x'.repeat(256) });
  assert.equal(
    (tooLong[2] as string[][]).map(([code]) => code),
    ['BAD_USER_INPUT'],
  );
  const notMember = await send(api.adminKey, sendInput, { 'x-acting-user': 'demo-grace' });
  assert.equal(errorsOf(notMember), [
    {
      code: 'FORBIDDEN',
      message: "the acting user demo-grace does not belong to the wallet's organization",
      field: null,
    },
  ]);
  const named = await send(api.adminKey, { ...sendInput, amount: '1234' }, { 'x-acting-user': 'demo-frank' });
  assert.is(named.pendingApproval.createdByUserId, 'demo-frank');
  const row = (await storedTransfers(api, wallet.walletId)).find(
    (transfer) => transfer.transfer_id === named.transfer.id,
  );
  assert.is(row!.initiated_by, 'demo-frank');
  const rows = await api.rows('SELECT created_by FROM digital_wallet_pending_approval WHERE id = $1', [
    named.pendingApproval.id,
  ]);
  assert.equal(rows, [{ created_by: 'demo-frank' }]);
});

test("each mutation drops the wallet's cached results", async () => {
  // Unannounced, and read once with refresh: an announced write's notification arriving after the
  // first cached read would drop it, and the loop below would read past the cache.
  await api.unannouncedRows(`SELECT ledger_deposit($1, 'BTC', 1, 'test:cached-results-0')`, [wallet.walletId]);
  const summary = async (refresh = false) => {
    const answer = await api.graphql(
      `{ digitalWalletSummaryById(id: ${wallet.walletId}${refresh ? ', refresh: true' : ''}) { assets { balance } } }`,
      undefined,
      { key: alice.secret },
    );
    return answer.body.data.digitalWalletSummaryById.assets[0].balance;
  };
  const mutations: [string, () => Promise<unknown>][] = [
    ['send', () => send(alice.secret, { ...sendInput, amount: '777' })],
    ['resolve', () => custodyMutation(api, 'resolve', frank.secret, inputs.resolve)],
    ['sync', () => custodyMutation(api, 'sync', alice.secret, inputs.sync)],
  ];
  assert.is(await summary(true), '1', 'the first deposit, read past the cache and cached');
  let balance = 1;
  for (const [name, mutate] of mutations) {
    assert.is(await summary(), String(balance), `${name}: cached before`);
    balance += 1;
    // Unannounced, so only the mutation's own invalidation can drop the cached summary.
    await api.unannouncedRows(`SELECT ledger_deposit($1, 'BTC', 1, 'test:cached-results-' || $2::int)`, [
      wallet.walletId,
      balance,
    ]);
    assert.is(await summary(), String(balance - 1), `${name}: still cached`);
    await mutate();
    // What is stored now: the sync also carries the custodian's deposits into the journal.
    const [stored] = await api.rows(
      `SELECT trim_scale(balance)::text AS balance FROM digital_wallet_asset WHERE wallet_id = $1 AND symbol = 'BTC'`,
      [wallet.walletId],
    );
    assert.ok(Number(stored.balance) >= balance, `${name}: the deposits are stored`);
    assert.is(await summary(), stored.balance, `${name}: dropped`);
    balance = Number(stored.balance);
  }
});

test.run();
