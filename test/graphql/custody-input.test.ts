// Invalid input of the custody mutations (schema.graphql `BitgoSendTransactionInput`,
// `BitgoResolveApprovalInput`, `BitgoSyncWalletTransactionsInput`; docs/custody.md#errors-of-the-mutations),
// through the real service and the custody simulator over loopback HTTP: each failing field named
// with VALIDATION_FAILED, amounts only as positive whole numbers of base units (never a float),
// unknown wallets and approvals NOT_FOUND, addresses the chain cannot have, assets the wallet
// cannot send, wallets that may not send; nothing is sent or written.
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
const wallet = await linkedWallet(api, custody, { organizationId: organizations.aurora, owner: 'demo-alice' });
custody.simulator.control.receive({ walletId: wallet.custodian.id, amount: '10000000' });
const valid = { walletId: wallet.walletId, address: btcDestination, amount: '1000' };

const send = (input: Record<string, unknown>) => custodyMutation(api, 'send', alice.secret, input);
const errorsOf = async (input: Record<string, unknown>) => {
  const payload = await send(input);
  assert.equal(
    [payload.success, payload.outcome, payload.transfer, payload.pendingApproval],
    [false, null, null, null],
  );
  return payload.errors.map((error: any) => [error.code, error.field, error.message]);
};

async function nothingSent(): Promise<void> {
  assert.equal(await storedTransfers(api, wallet.walletId), []);
  assert.is(custody.simulator.control.spendableBalance(wallet.custodian.id), '10000000');
}

test.after(() => api.close());

test('amount: a positive whole number of base units in decimal digits, nothing else', async () => {
  const message =
    'amount must be a positive whole number of base units (satoshi, wei) in decimal digits, for example "150000"';
  for (const amount of ['1.5', '0', '-5', '1e5', '00100', '', ' 100', '0x10', '1,000', '9'.repeat(79)])
    assert.equal(await errorsOf({ ...valid, amount }), [['VALIDATION_FAILED', ['amount'], message]], amount);
  await nothingSent();
});

test('an amount given as a number is refused by GraphQL itself: amounts are never floats', async () => {
  for (const amount of [1.5, 150000]) {
    const answer = await api.graphql(custodyDocuments.send, { input: { ...valid, amount } }, { key: alice.secret });
    assert.equal(
      [answer.status, answer.body.data, answer.body.errors.map((error: any) => error.message)],
      [
        200,
        undefined,
        [`Variable "$input" has invalid value at .amount: String cannot represent a non string value: ${amount}`],
      ],
    );
  }
  await nothingSent();
});

test('every failing field is named at once', async () => {
  assert.equal(
    await errorsOf({
      walletId: 0,
      address: 'not an address',
      amount: '1.5',
      coin: 'b-t-c',
      comment: 'x'.repeat(257),
      idempotencyKey: ' ',
    }),
    [
      ['VALIDATION_FAILED', ['walletId'], 'walletId must be a wallet id: a whole number from 1 to 2147483647'],
      ['VALIDATION_FAILED', ['address'], 'address must be 1 to 128 printable characters without spaces'],
      [
        'VALIDATION_FAILED',
        ['amount'],
        'amount must be a positive whole number of base units (satoshi, wei) in decimal digits, for example "150000"',
      ],
      ['VALIDATION_FAILED', ['coin'], 'coin must be an asset symbol of 1 to 15 letters or digits'],
      ['VALIDATION_FAILED', ['comment'], 'comment is longer than 256 characters'],
      ['VALIDATION_FAILED', ['idempotencyKey'], 'idempotencyKey is blank'],
    ],
  );
  await nothingSent();
});

test('an unknown wallet is NOT_FOUND', async () => {
  assert.equal(await errorsOf({ ...valid, walletId: 2_000_000 }), [['NOT_FOUND', ['walletId'], 'no wallet 2000000']]);
});

test("an address the wallet's chain cannot have is VALIDATION_FAILED, refused by the custodian", async () => {
  for (const address of ['bc1qshort', `0x${'ab'.repeat(20)}`]) {
    const [error] = await errorsOf({ ...valid, address });
    assert.equal(error.slice(0, 2), ['VALIDATION_FAILED', ['address']], address);
    assert.match(
      error[2],
      /^the custodian refused the address: it is not one of the wallet's chain \(requestId [0-9a-f-]{36}\)$/,
    );
    assert.not.ok(error[2].includes(address), error[2]);
  }
  await nothingSent();
});

test('an asset the platform does not list, or that the wallet cannot hold, is UNSUPPORTED_ASSET', async () => {
  assert.equal(await errorsOf({ ...valid, coin: 'DOGE' }), [
    ['UNSUPPORTED_ASSET', ['coin'], 'DOGE is not an asset the platform supports'],
  ]);
  assert.equal(await errorsOf({ ...valid, coin: 'usdc' }), [
    ['UNSUPPORTED_ASSET', ['coin'], 'USDC is not held in BTC wallets (it lives on ethereum)'],
  ]);
  await nothingSent();
});

test('a FROZEN wallet does not send (WALLET_FROZEN); an ARCHIVED one, or one not held at the custodian, INVALID_STATE', async () => {
  const frozen = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    status: 'frozen',
  });
  assert.equal(await errorsOf({ ...valid, walletId: frozen.walletId }), [
    [
      'WALLET_FROZEN',
      ['walletId'],
      `wallet ${frozen.walletId} is FROZEN: it sends nothing until an authorized person unfreezes it (unfreezeDigitalWallet)`,
    ],
  ]);
  const archived = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    status: 'archived',
  });
  assert.equal(await errorsOf({ ...valid, walletId: archived.walletId }), [
    ['INVALID_STATE', null, `wallet ${archived.walletId} is ARCHIVED; only ACTIVE wallets send`],
  ]);
  const rows = await api.rows(
    `INSERT INTO digital_wallet (organization_id, label, coin, wallet_type) VALUES ($1, 'off the books', 'BTC', 'custodial') RETURNING id`,
    [organizations.aurora],
  );
  assert.equal(await errorsOf({ ...valid, walletId: rows[0].id }), [
    ['INVALID_STATE', ['walletId'], `wallet ${rows[0].id} is not held at the custodian`],
  ]);
});

test('resolving: a malformed approval id is VALIDATION_FAILED, an unknown one NOT_FOUND', async () => {
  const resolve = async (input: Record<string, unknown>) =>
    (await custodyMutation(api, 'resolve', alice.secret, input)).errors.map((error: any) => [
      error.code,
      error.field,
      error.message,
    ]);
  assert.equal(await resolve({ approvalId: 'xyz', decision: 'APPROVE', comment: '' }), [
    ['VALIDATION_FAILED', ['approvalId'], 'approvalId must be 32 hexadecimal characters'],
    ['VALIDATION_FAILED', ['comment'], 'comment is blank'],
  ]);
  assert.equal(await resolve({ approvalId: 'AB'.repeat(16), decision: 'REJECT' }), [
    ['NOT_FOUND', ['approvalId'], 'no such pending approval'],
  ]);
  const sync = await custodyMutation(api, 'sync', alice.secret, { walletId: -1 });
  assert.equal(
    sync.errors.map((error: any) => error.field),
    [['walletId']],
  );
});

test.run();
