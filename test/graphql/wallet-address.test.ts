// Mutation.createDigitalWalletAddress through the real service, the custody simulator behind the
// real HTTP client (docs/custody.md#wallet-operations): the custodian's new address recorded with
// the wallet's network; bad input, other organizations' wallets, frozen (docs/custody.md#aml-freeze)
// and archived ones refused before the custodian is asked; a custodian failure writes nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { custodianAnswerError } from '../../src/providers/custody/custody-provider-error.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { demoWalletId, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const { custodian, aml } = await startWalletProviders();
const api = await startBusinessApi({ seed: 'demo', providers: [custodian, aml] });
const keys = await api.keys(walletCallers);

const create = `mutation ($input: CreateDigitalWalletAddressInput!) {
  createDigitalWalletAddress(input: $input) {
    success errors { code message field } address { id walletId address network label createdAt }
  }
}`;

async function createAddress(input: Record<string, unknown>, key = keys.aurora, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(create, { input }, { key, headers })).data.createDigitalWalletAddress;
}

async function newWallet(coin = 'ETH'): Promise<number> {
  const answer = expectBody(
    await api.graphql(
      `mutation { createDigitalWallet(input: { label: "Address test", type: CUSTODIAL, coin: "${coin}" }) { wallet { id } } }`,
      undefined,
      { key: keys.aurora },
    ),
  );
  return answer.data.createDigitalWallet.wallet.id;
}

const addressRows = (walletId: number) =>
  api.rows(
    'SELECT id, address, network, label, created_at FROM digital_wallet_address WHERE wallet_id = $1 ORDER BY id',
    [walletId],
  );
const failures = (payload: any) =>
  payload.errors.map((error: any) => `${error.code} ${error.field?.join('.')}: ${error.message}`);

test.after(() => api.close());

test('a new deposit address from the custodian is recorded with the wallet’s network and the label', async () => {
  const walletId = await newWallet();
  const answer = await createAddress({ walletId, label: 'Client deposits' });
  const made = custodian.answers.createAddress;
  assert.equal([made.index, made.label], [1, 'Client deposits']);
  const rows = await addressRows(walletId);
  assert.is(rows.length, 2);
  const row = rows[1];
  assert.equal(answer, {
    success: true,
    errors: [],
    address: {
      id: row.id,
      walletId,
      address: made.address,
      network: 'ethereum',
      label: 'Client deposits',
      createdAt: row.created_at.toISOString(),
    },
  });
  assert.equal(
    { address: row.address, network: row.network, label: row.label },
    { address: made.address, network: 'ethereum', label: 'Client deposits' },
  );
  const unlabelled = await createAddress({ walletId });
  assert.equal([unlabelled.success, unlabelled.address.label], [true, null]);
});

test('neither a FROZEN wallet nor an ARCHIVED one gets a deposit address; the custodian is not asked', async () => {
  const walletId = await newWallet();
  const calls = custodian.calls.createAddress;
  await api.rows(`UPDATE digital_wallet SET status = 'frozen' WHERE id = $1`, [walletId]);
  assert.equal(failures(await createAddress({ walletId })), [
    `WALLET_FROZEN walletId: wallet ${walletId} is FROZEN: it gets no new deposit address until an authorized person unfreezes it (unfreezeDigitalWallet)`,
  ]);
  await api.rows(`UPDATE digital_wallet SET status = 'archived' WHERE id = $1`, [walletId]);
  assert.equal(failures(await createAddress({ walletId })), [
    `INVALID_STATE walletId: wallet ${walletId} is archived: it is kept read-only`,
  ]);
  assert.is(custodian.calls.createAddress, calls);
  assert.is((await addressRows(walletId)).length, 1);
});

test('bad input and wallets out of reach are refused before the custodian is asked', async () => {
  const walletId = await newWallet();
  const calls = custodian.calls.createAddress ?? 0;
  assert.equal(failures(await createAddress({ walletId, label: '' })), [
    'VALIDATION_FAILED label: label must be 1 to 100 characters, not blank',
  ]);
  assert.equal(failures(await createAddress({ walletId: 0, label: 'x'.repeat(101) })), [
    'VALIDATION_FAILED walletId: walletId must be a wallet id: a whole number from 1',
    'VALIDATION_FAILED label: label must be 1 to 100 characters, not blank',
  ]);
  assert.equal(failures(await createAddress({ walletId }, keys.meridian)), [
    `NOT_FOUND walletId: no wallet ${walletId}`,
  ]);
  assert.equal(failures(await createAddress({ walletId: 2_000_000 })), ['NOT_FOUND walletId: no wallet 2000000']);
  await api.rows('UPDATE digital_wallet SET custodian_wallet_id = NULL WHERE id = $1', [walletId]);
  assert.equal(failures(await createAddress({ walletId })), [
    `INVALID_STATE walletId: wallet ${walletId} is not held at the custodian`,
  ]);
  assert.is(custodian.calls.createAddress ?? 0, calls);
  assert.is((await addressRows(walletId)).length, 1);
});

test('a custodian failure or refusal writes nothing', async () => {
  const walletId = await newWallet('SOL');
  custodian.failNext(
    'createAddress',
    custodianAnswerError('createAddress', 429, { error: 'slow down', name: 'TooManyRequests', requestId: 'c1' }),
  );
  assert.equal(failures(await createAddress({ walletId }, keys.aurora, { 'x-request-id': 'address-failed-1' })), [
    'SERVICE_UNAVAILABLE undefined: the custodian is unavailable; retry in 5 seconds (requestId address-failed-1)',
  ]);
  const demo = await demoWalletId(api, 'Aurora ETH Treasury');
  const demoAddresses = await addressRows(demo);
  const unknown = await createAddress({ walletId: demo }, keys.aurora, { 'x-request-id': 'address-unknown-1' });
  assert.equal(failures(unknown), [
    'PROVIDER_ERROR undefined: the custodian does not know this wallet (requestId address-unknown-1)',
  ]);
  assert.is((await addressRows(walletId)).length, 1);
  assert.equal(await addressRows(demo), demoAddresses);
});

test.run();
