// The idempotency keys of createDigitalWalletAddress, addDigitalWalletWhitelistEntry and
// requestOtcQuote through the real service (docs/idempotency.md; Stripe's idempotent requests are
// the model): for each, a repeat with the same key answers the first result and creates nothing
// (rows counted with SQL, the custodian's calls counted); the same key with other input is
// CONFLICT; five concurrent requests with one key create one thing and all answer it; another
// organization's same key is its own; a request that failed does not hold its key; a dead node's
// claim is run again once its lease (REQUEST_TIMEOUT_MS + 15 s) ran out; a caller that
// cannot reach the first request's wallet gets NOT_FOUND, never its result.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { otcCallers, quoteFields, startOtcPriceSource, untilPricesStored } from './support/otc-fixtures.ts';
import { aurora, meridian, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const { custodian, aml } = await startWalletProviders();
const prices = await startOtcPriceSource();
const api = await startBusinessApi({ seed: 'demo', providers: [custodian, aml, prices] });
await untilPricesStored(api);
const walletKeys = await api.keys(walletCallers);
const traderKeys = await api.keys(otcCallers);

test.after(() => api.close());

async function mutate(field: string, inputType: string, selection: string, key: CallerKey, input: object) {
  const query = `mutation ($input: ${inputType}!) { ${field}(input: $input) { success errors { code message field } ${selection} } }`;
  return expectBody(await api.graphql(query, { input }, { key })).data[field];
}

async function newEthWallet(key: CallerKey): Promise<number> {
  const made = await mutate('createDigitalWallet', 'CreateDigitalWalletInput', 'wallet { id }', key, {
    label: 'Idempotency test',
    type: 'CUSTODIAL',
    coin: 'ETH',
  });
  return made.wallet.id;
}

const wallets = { aurora: await newEthWallet(walletKeys.aurora), meridian: await newEthWallet(walletKeys.meridian) };
let serial = 0;
/** A fresh Ethereum address: every test adds its own. */
const nextAddress = () => `0x${(++serial).toString(16).padStart(40, 'a')}`;
const count = async (sql: string, values: unknown[] = []) => (await api.rows(sql, values))[0].n as number;

interface Case {
  field: string;
  inputType: string;
  selection: string;
  /** The organization's key and its own input, fresh on each call. */
  aurora: { key: CallerKey; input: () => Record<string, unknown> };
  meridian: { key: CallerKey; input: () => Record<string, unknown> };
  /** Another input of the same request, differing in one field. */
  other: (input: Record<string, unknown>) => Record<string, unknown>;
  /** The things the mutation creates, counted in the database. */
  rows: () => Promise<number>;
  /** Calls of the custodian it makes per creation (0 for quotes). */
  custodianMethod: string | null;
}

const cases: Case[] = [
  {
    field: 'createDigitalWalletAddress',
    inputType: 'CreateDigitalWalletAddressInput',
    selection: 'address { id walletId address network label createdAt }',
    aurora: { key: walletKeys.aurora, input: () => ({ walletId: wallets.aurora, label: `Deposits ${++serial}` }) },
    meridian: {
      key: walletKeys.meridian,
      input: () => ({ walletId: wallets.meridian, label: `Deposits ${++serial}` }),
    },
    other: (input) => ({ ...input, label: 'Another label' }),
    rows: () => count('SELECT count(*)::int AS n FROM digital_wallet_address'),
    custodianMethod: 'createAddress',
  },
  {
    field: 'addDigitalWalletWhitelistEntry',
    inputType: 'AddDigitalWalletWhitelistEntryInput',
    selection: `entry { id walletId address label status requestedByUserId createdAt decidedAt }
      pendingApproval { id kind state approvalsRequired approvalsReceived createdByUserId }`,
    aurora: {
      key: walletKeys.aurora,
      input: () => ({ walletId: wallets.aurora, address: nextAddress(), label: 'OTC desk' }),
    },
    meridian: {
      key: walletKeys.meridian,
      input: () => ({ walletId: wallets.meridian, address: nextAddress(), label: 'OTC desk' }),
    },
    other: (input) => ({ ...input, address: nextAddress() }),
    rows: () => count('SELECT count(*)::int AS n FROM digital_wallet_whitelist_entry'),
    custodianMethod: 'addWhitelistAddress',
  },
  {
    field: 'requestOtcQuote',
    inputType: 'RequestOtcQuoteInput',
    selection: `quote { ${quoteFields} }`,
    aurora: {
      key: traderKeys.aurora,
      input: () => ({ fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.5' }),
    },
    meridian: {
      key: traderKeys.meridian,
      input: () => ({ fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.5' }),
    },
    other: (input) => ({ ...input, size: '0.25' }),
    rows: () => count('SELECT count(*)::int AS n FROM otc_quote'),
    custodianMethod: null,
  },
];

const send = (c: Case, key: CallerKey, input: object) => mutate(c.field, c.inputType, c.selection, key, input);
const custodianCalls = (c: Case) => (c.custodianMethod === null ? 0 : (custodian.calls[c.custodianMethod] ?? 0));
const keyRows = (c: Case, key: string) =>
  api.rows(
    `SELECT organization_id, state, result_ref FROM idempotency_key WHERE operation = $1 AND idempotency_key = $2
     ORDER BY organization_id`,
    [c.field, key],
  );
/** The id of what a payload carries. */
const madeId = (payload: any): string => String((payload.address ?? payload.entry ?? payload.quote).id);

for (const c of cases) {
  test(`${c.field}: a repeat with the same key answers the first result and creates nothing`, async () => {
    const input = { ...c.aurora.input(), idempotencyKey: `${c.field}-repeat` };
    const before = await c.rows();
    const first = await send(c, c.aurora.key, input);
    assert.equal([first.success, first.errors], [true, []]);
    const calls = custodianCalls(c);
    const again = await send(c, c.aurora.key, input);
    assert.equal(again, first);
    assert.is(await c.rows(), before + 1);
    assert.is(custodianCalls(c), calls);
    assert.equal(await keyRows(c, input.idempotencyKey), [
      { organization_id: aurora, state: 'completed', result_ref: madeId(first) },
    ]);
  });

  test(`${c.field}: the same key with other input is CONFLICT and creates nothing`, async () => {
    const input = { ...c.aurora.input(), idempotencyKey: `${c.field}-conflict` };
    const first = await send(c, c.aurora.key, input);
    assert.is(first.success, true);
    const before = await c.rows();
    const calls = custodianCalls(c);
    const other = await send(c, c.aurora.key, c.other(input));
    assert.equal(other.errors, [
      { code: 'CONFLICT', message: 'idempotencyKey was already used with different input', field: ['idempotencyKey'] },
    ]);
    assert.is(other.success, false);
    assert.is(await c.rows(), before);
    assert.is(custodianCalls(c), calls);
  });

  test(`${c.field}: five concurrent requests with one key create one thing, and all answer it`, async () => {
    const input = { ...c.aurora.input(), idempotencyKey: `${c.field}-concurrent` };
    const before = await c.rows();
    const calls = custodianCalls(c);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send(c, c.aurora.key, input)));
    assert.is(answers[0].success, true);
    assert.equal(answers, [answers[0], answers[0], answers[0], answers[0], answers[0]]);
    assert.is(await c.rows(), before + 1);
    assert.is(custodianCalls(c), calls + (c.custodianMethod === null ? 0 : 1));
  });

  test(`${c.field}: another organization's same key is its own`, async () => {
    const key = `${c.field}-shared`;
    const before = await c.rows();
    const inAurora = await send(c, c.aurora.key, { ...c.aurora.input(), idempotencyKey: key });
    const inMeridian = await send(c, c.meridian.key, { ...c.meridian.input(), idempotencyKey: key });
    assert.equal([inAurora.success, inMeridian.success], [true, true]);
    assert.is.not(madeId(inMeridian), madeId(inAurora));
    assert.is(await c.rows(), before + 2);
    assert.equal(
      await keyRows(c, key),
      [
        { organization_id: aurora, state: 'completed', result_ref: madeId(inAurora) },
        { organization_id: meridian, state: 'completed', result_ref: madeId(inMeridian) },
      ].sort((a, b) => (a.organization_id < b.organization_id ? -1 : 1)),
    );
  });
}

test('a key longer than 100 characters is refused before anything is made', async () => {
  const [address, , quote] = cases as [Case, Case, Case];
  const long = 'k'.repeat(101);
  for (const c of [address, quote]) {
    const before = await c.rows();
    const answer = await send(c, c.aurora.key, { ...c.aurora.input(), idempotencyKey: long });
    assert.equal(answer.errors, [
      {
        code: 'VALIDATION_FAILED',
        message: 'idempotencyKey must be 1 to 100 characters, not blank',
        field: ['idempotencyKey'],
      },
    ]);
    assert.is(await c.rows(), before);
  }
});

test('a request that failed made nothing and does not hold its key: the next one with it runs', async () => {
  const [, , quote] = cases as [Case, Case, Case];
  const key = 'quote-after-failure';
  const before = await quote.rows();
  const refused = await send(quote, quote.aurora.key, {
    fromCurrency: 'USD',
    toCurrency: 'DOGE',
    side: 'BUY',
    size: '1',
    idempotencyKey: key,
  });
  assert.equal(
    refused.errors.map((error: any) => error.code),
    ['UNSUPPORTED_ASSET'],
  );
  assert.equal(await keyRows(quote, key), [{ organization_id: aurora, state: 'failed', result_ref: null }]);
  const made = await send(quote, quote.aurora.key, { ...quote.aurora.input(), idempotencyKey: key });
  assert.is(made.success, true);
  assert.is(await quote.rows(), before + 1);
  assert.equal(await keyRows(quote, key), [{ organization_id: aurora, state: 'completed', result_ref: made.quote.id }]);
});

test("a dead node's claim answers in progress within its lease, and is run again after it (REQUEST_TIMEOUT_MS + 15 s)", async () => {
  const [, , quote] = cases as [Case, Case, Case];
  const key = 'quote-of-a-dead-node';
  const input = { ...quote.aurora.input(), idempotencyKey: key };
  // A node that claimed the key and died before its write: the claim pending, nothing made.
  const made = await send(quote, quote.aurora.key, input);
  await api.rows(
    `UPDATE idempotency_key SET state = 'pending', result_ref = NULL WHERE organization_id = $1 AND idempotency_key = $2`,
    [aurora, key],
  );
  await api.rows('DELETE FROM otc_quote WHERE id = $1', [made.quote.id]);
  const before = await quote.rows();
  const age = (seconds: number) =>
    api.rows(
      `UPDATE idempotency_key SET updated_at = now() - make_interval(secs => $3) WHERE organization_id = $1 AND idempotency_key = $2`,
      [aurora, key, seconds],
    );
  // 30 s old: the default request deadline could still be running it (the lease is 30 + 15 s).
  await age(30);
  const held = await send(quote, quote.aurora.key, input);
  assert.equal(
    held.errors.map((error: any) => [error.code, error.field]),
    [['CONFLICT', ['idempotencyKey']]],
  );
  assert.match(held.errors[0].message, /still in progress/);
  assert.is(await quote.rows(), before);
  await age(46);
  const rerun = await send(quote, quote.aurora.key, input);
  assert.is(rerun.success, true);
  assert.is(await quote.rows(), before + 1);
  assert.equal(await keyRows(quote, key), [
    { organization_id: aurora, state: 'completed', result_ref: rerun.quote.id },
  ]);
});

test("a caller that cannot reach the wallet is answered NOT_FOUND, never the result another organization's key made", async () => {
  const [address] = cases as [Case];
  const input = { ...address.aurora.input(), idempotencyKey: 'reach-test' };
  const first = await send(address, address.aurora.key, input);
  assert.is(first.success, true);
  const stranger = await send(address, walletKeys.meridian, input);
  assert.equal(stranger, {
    success: false,
    errors: [{ code: 'NOT_FOUND', message: `no wallet ${wallets.aurora}`, field: ['walletId'] }],
    address: null,
  });
});

test.run();
