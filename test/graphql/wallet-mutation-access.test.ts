// Who may run the wallet mutations (docs/custody.md#wallet-operations, docs/identity.md#scopes and
// #acting-user), through the real service: admin keys on any organization's wallet, keys bound to
// an organization with the `wallets` scope on their own; partner keys, keys without the scope and
// requests without a key are refused before anything is read or sent. The acting user is the key's
// owner, or the member of the key's organization X-Acting-User names (any user for an admin key
// bound to none); anyone else is refused as a GraphQL error and nothing is written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { aurora, meridian, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const { custodian, aml } = await startWalletProviders();
// New custodial wallets without an approval policy (docs/custody.md#approval-policy-of-new-wallets),
// so each whitelist change applies at once and every mutation below answers success.
const api = await startBusinessApi({
  seed: 'demo',
  providers: [custodian, aml],
  env: { CUSTODY_APPROVALS_REQUIRED: '0' },
});
const keys = await api.keys(walletCallers);

const created = expectBody(
  await api.graphql(
    `mutation { createDigitalWallet(input: { label: "Access test", type: CUSTODIAL, coin: "BTC" }) { wallet { id } } }`,
    undefined,
    { key: keys.aurora },
  ),
);
const walletId: number = created.data.createDigitalWallet.wallet.id;
const destination = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** Each wallet mutation on the Aurora wallet, answering `success`. */
const mutations: Record<string, string> = {
  createDigitalWallet: `mutation { createDigitalWallet(input: { label: "By access test", type: CUSTODIAL, coin: "ETH", organizationId: "${aurora}" }) { success } }`,
  createDigitalWalletAddress: `mutation { createDigitalWalletAddress(input: { walletId: ${walletId} }) { success } }`,
  addDigitalWalletWhitelistEntry: `mutation { addDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${destination}" }) { success } }`,
  removeDigitalWalletWhitelistEntry: `mutation { removeDigitalWalletWhitelistEntry(input: { walletId: ${walletId}, address: "${destination}" }) { success } }`,
  runDigitalWalletAmlReport: `mutation { runDigitalWalletAmlReport(input: { walletId: ${walletId} }) { success } }`,
};

/** Rows of every table the mutations write, and the providers' calls: what a refusal must leave alone. */
async function footprint() {
  const [counts] = await api.rows(`SELECT
    (SELECT count(*) FROM digital_wallet) AS wallets, (SELECT count(*) FROM digital_wallet_address) AS addresses,
    (SELECT count(*) FROM digital_wallet_whitelist_entry) AS entries, (SELECT count(*) FROM aml_report) AS reports`);
  return { ...counts, custodian: { ...custodian.calls }, screenings: aml.screenings.started };
}

async function answer(key: CallerKey | null, query: string, headers: Record<string, string> = {}) {
  const response = await api.graphql(query, undefined, { key, headers });
  const { body } = response;
  return body.errors
    ? `${response.status} ${body.errors[0].extensions.code}: ${body.errors[0].message}`
    : `${response.status} success ${Object.values(body.data)[0] && (Object.values(body.data)[0] as any).success}`;
}

test.after(() => api.close());

test('partner keys, keys without the wallets scope and requests without a key are refused; nothing is touched', async () => {
  const before = await footprint();
  for (const [field, query] of Object.entries(mutations)) {
    assert.is(
      await answer(keys.partner, query),
      '200 FORBIDDEN: partner API keys cannot use the business GraphQL API',
      field,
    );
    assert.is(
      await answer(keys.auroraReader, query),
      `200 FORBIDDEN: this API key lacks the 'wallets' scope, which ${field} needs`,
      field,
    );
    assert.is(
      await answer(null, query),
      '401 UNAUTHENTICATED: authentication required: send an X-API-Key header',
      field,
    );
  }
  assert.equal(await footprint(), before);
});

test('a key bound to the organization and an admin key both run every wallet mutation', async () => {
  // The acting people hold a role permissions.yaml business_operations lists for each mutation in
  // Aurora: the Aurora key's owner demo-alice (organization_admin), and demo-frank
  // (digital_wallets_admin) for the admin key, whose owner (a platform administrator) may not
  // change whitelists.
  const callers: [CallerKey, Record<string, string>][] = [
    [keys.aurora, {}],
    [keys.admin, { 'x-acting-user': 'demo-frank' }],
  ];
  for (const [key, headers] of callers) {
    for (const field of Object.keys(mutations))
      assert.is(await answer(key, mutations[field]!, headers), '200 success true', field);
  }
  const [{ count }] = await api.rows(`SELECT count(*) FROM digital_wallet WHERE label = 'By access test'`);
  assert.is(Number(count), 2);
});

test('a key bound to another organization finds none of the wallet’s mutations', async () => {
  const before = await footprint();
  for (const field of Object.keys(mutations).filter((name) => name !== 'createDigitalWallet')) {
    const body = expectBody(
      await api.graphql(mutations[field]!.replace('{ success }', '{ errors { code field } }'), undefined, {
        key: keys.meridian,
      }),
    );
    assert.equal(body.data[field].errors, [{ code: 'NOT_FOUND', field: ['walletId'] }], field);
  }
  assert.equal(
    expectBody(
      await api.graphql(mutations.createDigitalWallet!.replace('{ success }', '{ errors { code field } }'), undefined, {
        key: keys.meridian,
      }),
    ).data.createDigitalWallet.errors,
    [{ code: 'NOT_FOUND', field: ['organizationId'] }],
  );
  assert.equal(await footprint(), before);
});

const createdBy = `mutation ($label: String!, $org: UUID) {
  createDigitalWallet(input: { label: $label, type: CUSTODIAL, coin: "BTC", organizationId: $org }) { success wallet { id } }
}`;
async function creatorOf(key: CallerKey, label: string, actingUser?: string, org?: string) {
  const body = expectBody(
    await api.graphql(
      createdBy,
      { label, org: org ?? null },
      { key, headers: actingUser === undefined ? {} : { 'x-acting-user': actingUser } },
    ),
  );
  if (body.errors) return `${body.errors[0].extensions.code}: ${body.errors[0].message}`;
  const [row] = await api.rows('SELECT created_by, organization_id FROM digital_wallet WHERE id = $1', [
    body.data.createDigitalWallet.wallet.id,
  ]);
  return `${row.created_by} in ${row.organization_id === aurora ? 'aurora' : row.organization_id === meridian ? 'meridian' : '?'}`;
}

test('X-Acting-User names a member of the key’s organization; another organization’s user or nobody is refused', async () => {
  assert.is(await creatorOf(keys.aurora, 'Owner acts'), 'demo-frank in aurora');
  assert.is(await creatorOf(keys.aurora, 'Alice acts', 'demo-alice'), 'demo-alice in aurora');
  const before = await footprint();
  const refused = "FORBIDDEN: X-Acting-User names no user of this API key's organization";
  assert.is(await creatorOf(keys.aurora, 'Grace acts', 'demo-grace'), refused);
  assert.is(await creatorOf(keys.aurora, 'Nobody acts', 'no-such-user'), refused);
  assert.is(
    await creatorOf(keys.aurora, 'Too long', 'u'.repeat(256)),
    'BAD_USER_INPUT: X-Acting-User must be a user id of at most 255 characters',
  );
  for (const [field, query] of Object.entries(mutations))
    assert.is(await answer(keys.aurora, query, { 'x-acting-user': 'demo-grace' }), `200 ${refused}`, field);
  assert.is(
    await answer(keys.partner, mutations.createDigitalWallet!, { 'x-acting-user': 'demo-alice' }),
    '200 FORBIDDEN: partner API keys cannot use the business GraphQL API',
  );
  assert.equal(await footprint(), before);
});

test('an admin key bound to no organization may name any user; one without an owner must name someone', async () => {
  assert.is(await creatorOf(keys.admin, 'Grace via admin', 'demo-grace', meridian), 'demo-grace in meridian');
  assert.is(
    await creatorOf(api.adminKey, 'Nobody named', undefined, meridian),
    'FORBIDDEN: this API key has no owner to act for it: name the acting user with X-Acting-User',
  );
  // demo-grace: Meridian's organization_admin (a trader such as demo-ivan may not create wallets).
  assert.is(await creatorOf(api.adminKey, 'Grace named', 'demo-grace', meridian), 'demo-grace in meridian');
});

test('each wallet mutation needs a role permissions.yaml business_operations lists, in the wallet’s organization', async () => {
  const before = await footprint();
  const needs = (operation: string, roles: string) =>
    `200 FORBIDDEN: ${operation} needs one of the roles ${roles} in organization ${aurora}, which demo-bob does not hold (permissions.yaml business_operations)`;
  const roles: Record<string, string> = {
    createDigitalWallet: 'digital_wallets_admin, organization_admin, platform_administrator',
    createDigitalWalletAddress: 'digital_wallets_admin, organization_admin, platform_administrator',
    addDigitalWalletWhitelistEntry: 'digital_wallets_admin, organization_admin',
    removeDigitalWalletWhitelistEntry: 'digital_wallets_admin, organization_admin',
    runDigitalWalletAmlReport: 'compliance, digital_wallets_admin, organization_admin, platform_administrator',
  };
  // demo-bob, a trader of Aurora, holds none of them.
  for (const field of Object.keys(mutations))
    assert.is(
      await answer(keys.admin, mutations[field]!, { 'x-acting-user': 'demo-bob' }),
      needs(field, roles[field]!),
      field,
    );
  assert.equal(await footprint(), before);
  // A platform administrator (the admin key's owner, demo-admin) provisions but never changes a whitelist.
  assert.is(await answer(keys.admin, mutations.createDigitalWalletAddress!), '200 success true');
  assert.is(
    await answer(keys.admin, mutations.addDigitalWalletWhitelistEntry!),
    `200 FORBIDDEN: addDigitalWalletWhitelistEntry needs one of the roles digital_wallets_admin, organization_admin in organization ${aurora}, which demo-admin does not hold (permissions.yaml business_operations)`,
  );
});

test.run();
