// Mutation.createDigitalWallet through the real service, the custody simulator behind the real
// HTTP client (docs/custody.md#wallet-operations): the custodian's wallet registered with its
// first address and the acting user as creator; the idempotency key; every input checked before
// the custodian is asked; the organization a key may create in; a custodian failure writes
// nothing; a registration cut off after the custodian made the wallet is adopted by the retry with
// its key, or by the next node's start-up sweep (one wallet on each side, never an orphan); five
// concurrent requests with one key make one wallet; a cached wallet summary sees the new wallet.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { custodianAnswerError } from '../../src/providers/custody/custody-provider-error.ts';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { startTestNode } from '../support/test-service.ts';
import { aurora, meridian, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const logLines: Record<string, unknown>[] = [];
const { custodian, aml } = await startWalletProviders();
const api = await startBusinessApi({ seed: 'demo', providers: [custodian, aml], logLines });
const keys = await api.keys(walletCallers);

const create = `mutation ($input: CreateDigitalWalletInput!) {
  createDigitalWallet(input: $input) {
    success
    errors { code message field }
    wallet { id label type status coin organizationId ownerUserId usdValue assets { symbol } }
  }
}`;

async function createWallet(key: CallerKey, input: Record<string, unknown>, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(create, { input }, { key, headers })).data.createDigitalWallet;
}

const walletCount = async () => Number((await api.rows('SELECT count(*) FROM digital_wallet'))[0].count);

async function walletRows(id: number) {
  const [wallet] = await api.rows(
    `SELECT organization_id, owner_user_id, label, coin, wallet_type, status, usd_value, custodian_wallet_id, created_by
     FROM digital_wallet WHERE id = $1`,
    [id],
  );
  const addresses = await api.rows(
    'SELECT address, network, label FROM digital_wallet_address WHERE wallet_id = $1 ORDER BY id',
    [id],
  );
  return { wallet, addresses };
}

test.after(() => api.close());

test('a key bound to Aurora creates a wallet there: registered with the custodian’s id and first address, by its owner', async () => {
  const before = custodian.calls.createWallet ?? 0;
  const answer = await createWallet(keys.aurora, {
    label: 'Aurora Operations BTC',
    type: 'CUSTODIAL',
    coin: 'btc',
    ownerUserId: 'demo-bob',
  });
  const made = custodian.answers.createWallet;
  assert.is(custodian.calls.createWallet, before + 1);
  assert.equal(answer, {
    success: true,
    errors: [],
    wallet: {
      id: answer.wallet.id,
      label: 'Aurora Operations BTC',
      type: 'CUSTODIAL',
      status: 'ACTIVE',
      coin: 'BTC',
      organizationId: aurora,
      ownerUserId: 'demo-bob',
      usdValue: '0.00',
      assets: [],
    },
  });
  assert.equal(
    { coin: made.coin, label: made.label, type: made.type, approvalsRequired: made.approvalsRequired },
    // A custodial wallet carries the custodian's approval policy: one approval (CUSTODY_APPROVALS_REQUIRED's default).
    { coin: 'btc', label: 'Aurora Operations BTC', type: 'custodial', approvalsRequired: 1 },
  );
  assert.equal(await walletRows(answer.wallet.id), {
    wallet: {
      organization_id: aurora,
      owner_user_id: 'demo-bob',
      label: 'Aurora Operations BTC',
      coin: 'BTC',
      wallet_type: 'custodial',
      status: 'active',
      usd_value: '0.00',
      custodian_wallet_id: made.id,
      created_by: 'demo-frank',
    },
    addresses: [{ address: made.receiveAddress.address, network: 'bitcoin', label: null }],
  });
});

test('a HOT wallet carries the user key to the custodian; an admin key names the organization', async () => {
  const answer = await createWallet(keys.admin, {
    label: 'Meridian hot ETH',
    type: 'HOT',
    coin: 'ETH',
    organizationId: meridian,
    userPublicKey:
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  });
  assert.is(answer.success, true);
  // Its client co-signs every send: the custodian asks for no approval.
  assert.is(custodian.answers.createWallet.approvalsRequired, 0);
  assert.equal((await walletRows(answer.wallet.id)).wallet, {
    organization_id: meridian,
    owner_user_id: null,
    label: 'Meridian hot ETH',
    coin: 'ETH',
    wallet_type: 'hot',
    status: 'active',
    usd_value: '0.00',
    custodian_wallet_id: custodian.answers.createWallet.id,
    created_by: 'demo-admin',
  });
  assert.is((await walletRows(answer.wallet.id)).addresses[0].network, 'ethereum');
});

test('a repeat with the same idempotency key answers the first wallet; other input with it is a CONFLICT', async () => {
  const input = { label: 'Aurora SOL (retry-safe)', type: 'CUSTODIAL', coin: 'SOL', idempotencyKey: 'sol-wallet-1' };
  const first = await createWallet(keys.aurora, input);
  const calls = custodian.calls.createWallet;
  const count = await walletCount();
  const again = await createWallet(keys.aurora, { ...input, coin: 'sol', organizationId: aurora });
  assert.equal(again, first);
  const other = await createWallet(keys.aurora, { ...input, label: 'Another label' });
  assert.equal(other, {
    success: false,
    errors: [
      { code: 'CONFLICT', message: 'idempotencyKey was already used with different input', field: ['idempotencyKey'] },
    ],
    wallet: null,
  });
  assert.is(custodian.calls.createWallet, calls);
  assert.is(await walletCount(), count);
  assert.equal(
    await api.rows(
      `SELECT organization_id, state, result_ref FROM idempotency_key
       WHERE operation = 'createDigitalWallet' AND idempotency_key = 'sol-wallet-1'`,
    ),
    [{ organization_id: aurora, state: 'completed', result_ref: String(first.wallet.id) }],
  );
});

test('the same key in another organization is its own: Meridian makes its own wallet with it', async () => {
  const input = { label: 'Same key elsewhere', type: 'CUSTODIAL', coin: 'BTC', idempotencyKey: 'shared-key-1' };
  const inAurora = await createWallet(keys.aurora, input);
  const inMeridian = await createWallet(keys.meridian, input);
  assert.equal([inAurora.success, inAurora.wallet.organizationId], [true, aurora]);
  assert.equal([inMeridian.success, inMeridian.wallet.organizationId], [true, meridian]);
  assert.is.not(inMeridian.wallet.id, inAurora.wallet.id);
  assert.equal(await createWallet(keys.meridian, input), inMeridian);
  assert.equal(
    await api.rows(
      `SELECT organization_id, result_ref FROM idempotency_key WHERE idempotency_key = 'shared-key-1' ORDER BY result_ref::int`,
    ),
    [
      { organization_id: aurora, result_ref: String(inAurora.wallet.id) },
      { organization_id: meridian, result_ref: String(inMeridian.wallet.id) },
    ],
  );
});

test('five concurrent requests with one key make one wallet at the custodian and here, and all answer it', async () => {
  const input = { label: 'Concurrent ETH', type: 'CUSTODIAL', coin: 'ETH', idempotencyKey: 'concurrent-wallet-1' };
  const calls = custodian.calls.createWallet ?? 0;
  const count = await walletCount();
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => createWallet(keys.aurora, input)));
  assert.is(answers[0].success, true);
  assert.equal(answers, [answers[0], answers[0], answers[0], answers[0], answers[0]]);
  assert.is(custodian.calls.createWallet, calls + 1);
  assert.is(await walletCount(), count + 1);
  assert.equal(await api.rows(`SELECT count(*)::int AS n FROM digital_wallet WHERE label = 'Concurrent ETH'`), [
    { n: 1 },
  ]);
});

test('invalid input is refused field by field before the custodian is asked, and nothing is written', async () => {
  const calls = custodian.calls.createWallet;
  const count = await walletCount();
  const refused = async (input: Record<string, unknown>) => {
    const answer = await createWallet(keys.aurora, input);
    assert.is(answer.success, false);
    assert.is(answer.wallet, null);
    return answer.errors.map((error: any) => `${error.code} ${error.field?.join('.')}: ${error.message}`);
  };
  assert.equal(await refused({ label: ' ', type: 'CUSTODIAL', coin: 'BTC' }), [
    'VALIDATION_FAILED label: label must be 1 to 120 characters, not blank',
  ]);
  assert.equal(await refused({ label: 'x'.repeat(121), type: 'CUSTODIAL', coin: 'B-T-C' }), [
    'VALIDATION_FAILED label: label must be 1 to 120 characters, not blank',
    'VALIDATION_FAILED coin: coin must be a coin symbol of 1 to 15 letters or digits',
  ]);
  assert.equal(await refused({ label: 'Hot', type: 'HOT', coin: 'BTC' }), [
    'VALIDATION_FAILED userPublicKey: userPublicKey is required',
  ]);
  assert.equal(await refused({ label: 'Custodial', type: 'CUSTODIAL', coin: 'BTC', userPublicKey: 'xpub1' }), [
    'VALIDATION_FAILED userPublicKey: userPublicKey must be absent for CUSTODIAL wallets',
  ]);
  assert.equal(await refused({ label: 'Keyed', type: 'CUSTODIAL', coin: 'BTC', idempotencyKey: 'k'.repeat(101) }), [
    'VALIDATION_FAILED idempotencyKey: idempotencyKey must be 1 to 100 characters, not blank',
  ]);
  assert.equal(await refused({ label: 'Unowned', type: 'CUSTODIAL', coin: 'BTC', ownerUserId: 'demo-grace' }), [
    'VALIDATION_FAILED ownerUserId: ownerUserId must be a member of the organization',
  ]);
  assert.equal(await refused({ label: 'Dogs', type: 'CUSTODIAL', coin: 'doge' }), [
    'UNSUPPORTED_ASSET coin: coin doge is not supported',
  ]);
  assert.is(custodian.calls.createWallet, calls);
  assert.is(await walletCount(), count);
  // 120 characters of four UTF-16 units each fit: the database counts characters.
  const long = await createWallet(keys.aurora, { label: '𝔸'.repeat(120), type: 'CUSTODIAL', coin: 'BTC' });
  assert.is(long.wallet.label, '𝔸'.repeat(120));
});

// The campaign stored U+202E in a label (src/domain/text/display-text.ts): one line, fit to display.
test('a label with a bidirectional override, an isolate, a mark or a control character is refused naming it', async () => {
  const count = await walletCount();
  const calls = custodian.calls.createWallet;
  const cases: [string, string][] = [
    ['Savings\u202Egnp.exe', 'contains an invisible or bidirectional formatting character (U+202E)'],
    ['Savings \u2066BTC\u2069', 'contains an invisible or bidirectional formatting character (U+2066)'],
    ['Savings\u200F', 'contains an invisible or bidirectional formatting character (U+200F)'],
    ['Savings\nBTC', 'contains a control character (U+000A)'],
    ['Savings\u0007', 'contains a control character (U+0007)'],
    ['Savings\u009B', 'contains a control character (U+009B)'],
  ];
  for (const [label, problem] of cases) {
    const answer = await createWallet(keys.aurora, { label, type: 'CUSTODIAL', coin: 'BTC' });
    assert.equal(
      [answer.success, answer.errors],
      [false, [{ code: 'VALIDATION_FAILED', message: `label ${problem}`, field: ['label'] }]],
      JSON.stringify(label),
    );
  }
  assert.is(custodian.calls.createWallet, calls);
  assert.is(await walletCount(), count);
  // Right-to-left text itself is fine: only the invisible marks that reorder it are refused.
  const arabic = await createWallet(keys.aurora, { label: 'محفظة BTC', type: 'CUSTODIAL', coin: 'BTC' });
  assert.is(arabic.wallet.label, 'محفظة BTC');
});

test('a coin the custodian cannot hold a wallet of is UNSUPPORTED_ASSET, and nothing is written', async () => {
  // A coin the platform lists and the custody simulator does not know (simulated-coins.ts).
  await api.rows(
    `INSERT INTO coin (symbol, name, network, decimals, network_fee_coin) VALUES ('DOT', 'Polkadot', 'polkadot', 10, true)
     ON CONFLICT (symbol) DO NOTHING`,
  );
  const count = await walletCount();
  const dot = await createWallet(
    keys.aurora,
    { label: 'Polkadot', type: 'CUSTODIAL', coin: 'DOT' },
    { 'x-request-id': 'create-dot-1' },
  );
  assert.equal(dot.errors, [
    {
      code: 'UNSUPPORTED_ASSET',
      message: 'the custodian refused the asset: it does not hold it (requestId create-dot-1)',
      field: ['coin'],
    },
  ]);
  const token = await createWallet(keys.aurora, { label: 'Tether', type: 'CUSTODIAL', coin: 'USDT' });
  assert.equal(
    token.errors.map((error: any) => error.code),
    ['UNSUPPORTED_ASSET'],
  );
  assert.is(await walletCount(), count);
});

test('a key creates only in its own organization; a key bound to none must name one', async () => {
  const notFound = (id: string) => ({
    success: false,
    errors: [{ code: 'NOT_FOUND', message: `no organization ${id}`, field: ['organizationId'] }],
    wallet: null,
  });
  const input = { label: 'Elsewhere', type: 'CUSTODIAL', coin: 'BTC' };
  assert.equal(await createWallet(keys.aurora, { ...input, organizationId: meridian }), notFound(meridian));
  const unknown = '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b';
  assert.equal(await createWallet(keys.admin, { ...input, organizationId: unknown }), notFound(unknown));
  assert.equal(await createWallet(keys.admin, input), {
    success: false,
    errors: [
      {
        code: 'VALIDATION_FAILED',
        message: 'organizationId is required for an API key not bound to an organization',
        field: ['organizationId'],
      },
    ],
    wallet: null,
  });
});

test('a custodian that fails or refuses leaves nothing written, with a clear code', async () => {
  const count = await walletCount();
  const input = { label: 'Not now', type: 'CUSTODIAL', coin: 'BTC' };
  custodian.failNext(
    'createWallet',
    custodianAnswerError('createWallet', 503, {
      error: 'down for maintenance',
      name: 'InternalError',
      requestId: 'r1',
    }),
  );
  assert.equal(await createWallet(keys.aurora, input, { 'x-request-id': 'create-failed-1' }), {
    success: false,
    errors: [
      {
        code: 'SERVICE_UNAVAILABLE',
        message: 'the custodian is unavailable; retry in 5 seconds (requestId create-failed-1)',
        field: null,
      },
    ],
    wallet: null,
  });
  custodian.failNext(
    'createWallet',
    custodianAnswerError('createWallet', 400, { error: 'label is reserved', name: 'InvalidRequest', requestId: 'r2' }),
  );
  assert.equal((await createWallet(keys.aurora, input, { 'x-request-id': 'create-refused-1' })).errors, [
    {
      code: 'PROVIDER_ERROR',
      message: 'the custodian refused the request as sent (requestId create-refused-1)',
      field: null,
    },
  ]);
  // Our token refused is the operator's fault: masked for the caller.
  custodian.failNext(
    'createWallet',
    custodianAnswerError('createWallet', 401, { error: 'bad token', name: 'Unauthorized', requestId: 'r3' }),
  );
  const masked = expectBody(await api.graphql(create, { input }, { key: keys.aurora }));
  assert.equal(
    masked.errors.map((error: any) => [error.message, error.extensions.code]),
    [['Internal server error', 'INTERNAL_SERVER_ERROR']],
  );
  assert.is(await walletCount(), count);
});

/** Registration refused for Solana wallets while `during` runs: a crash between the custodian's answer and the commit. */
async function withRegistrationRefused<T>(during: () => Promise<T>): Promise<T> {
  await api.rows(`CREATE FUNCTION refuse_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'registration refused for the test'; END $$`);
  await api.rows(`CREATE TRIGGER refuse_wallet BEFORE INSERT ON digital_wallet_address
    FOR EACH ROW WHEN (NEW.network = 'solana') EXECUTE FUNCTION refuse_wallet()`);
  try {
    return await during();
  } finally {
    await api.rows('DROP TRIGGER refuse_wallet ON digital_wallet_address');
    await api.rows('DROP FUNCTION refuse_wallet()');
  }
}

/** A request cut off after the custodian made the wallet: masked, nothing registered, the claim left pending. */
async function cutOffCreation(input: Record<string, unknown>) {
  const count = await walletCount();
  const answer = expectBody(await api.graphql(create, { input }, { key: keys.aurora }));
  assert.equal(
    answer.errors.map((error: any) => error.extensions.code),
    ['INTERNAL_SERVER_ERROR'],
  );
  assert.is(await walletCount(), count);
  const made = custodian.answers.createWallet;
  const [claim] = await api.rows(
    `SELECT id, state, reference, intent->>'label' AS label FROM idempotency_key
     WHERE operation = 'createDigitalWallet' ORDER BY id DESC LIMIT 1`,
  );
  assert.equal([claim.state, claim.label], ['pending', input.label]);
  // The custodian holds the wallet under the claim's reference, and nothing here names it yet.
  assert.is((await custodian.simulator.findWalletByReference('sol', claim.reference))?.id, made.id);
  assert.equal(await api.rows('SELECT id FROM digital_wallet WHERE custodian_wallet_id = $1', [made.id]), []);
  const logged = logLines.find((line) => line.custodianWalletId === made.id);
  assert.equal(
    { level: logged?.level, msg: logged?.msg, coin: logged?.coin, organizationId: logged?.organizationId },
    {
      level: 50,
      msg: 'wallet created at the custodian but not registered: kept pending, adopted by the next request with its key or at start-up',
      coin: 'SOL',
      organizationId: aurora,
    },
  );
  return { claimId: claim.id as string, custodianWalletId: made.id as string };
}

test('a creation cut off after the custodian made the wallet is adopted by the retry with its key: one wallet on each side', async () => {
  const input = { label: 'Crash SOL', type: 'CUSTODIAL', coin: 'SOL', idempotencyKey: 'crash-sol-1' };
  const cut = await withRegistrationRefused(() => cutOffCreation(input));
  const calls = custodian.calls.createWallet;
  const count = await walletCount();
  const retried = await createWallet(keys.aurora, input);
  assert.equal(retried.success, true);
  assert.equal(retried.wallet.label, 'Crash SOL');
  assert.is(custodian.calls.createWallet, calls);
  assert.is(await walletCount(), count + 1);
  assert.equal(
    await api.rows('SELECT id, label, coin, created_by FROM digital_wallet WHERE custodian_wallet_id = $1', [
      cut.custodianWalletId,
    ]),
    [{ id: retried.wallet.id, label: 'Crash SOL', coin: 'SOL', created_by: 'demo-frank' }],
  );
  assert.equal(await api.rows('SELECT state, result_ref FROM idempotency_key WHERE id = $1', [cut.claimId]), [
    { state: 'completed', result_ref: String(retried.wallet.id) },
  ]);
  assert.equal(await createWallet(keys.aurora, input), retried);
});

test('a creation cut off without a key is adopted by the next node at start-up; a claim the custodian never saw fails', async () => {
  const cut = await withRegistrationRefused(() =>
    cutOffCreation({ label: 'Crash SOL, no key', type: 'CUSTODIAL', coin: 'SOL' }),
  );
  const [never] = await api.rows(
    `INSERT INTO idempotency_key (organization_id, operation, request_digest, intent)
     VALUES ($1, 'createDigitalWallet', $2, $3) RETURNING id`,
    [
      aurora,
      'd'.repeat(64),
      JSON.stringify({
        organizationId: aurora,
        label: 'Never made',
        type: 'custodial',
        coin: 'SOL',
        ownerUserId: null,
        userPublicKey: null,
        network: 'solana',
        createdBy: 'demo-frank',
      }),
    ],
  );
  // Both older than a request may run: their requests are gone.
  await api.rows(`UPDATE idempotency_key SET updated_at = now() - interval '3 minutes' WHERE id IN ($1, $2)`, [
    cut.claimId,
    never.id,
  ]);
  const count = await walletCount();
  const node = await startTestNode(api.service.databaseUrl, { ...custodian.env, ...aml.env });
  await node.stop();
  assert.is(await walletCount(), count + 1);
  const [adopted] = await api.rows('SELECT id, label, created_by FROM digital_wallet WHERE custodian_wallet_id = $1', [
    cut.custodianWalletId,
  ]);
  assert.equal([adopted.label, adopted.created_by], ['Crash SOL, no key', 'demo-frank']);
  assert.equal(
    await api.rows('SELECT id, state, result_ref FROM idempotency_key WHERE id IN ($1, $2) ORDER BY id', [
      cut.claimId,
      never.id,
    ]),
    [
      { id: cut.claimId, state: 'completed', result_ref: String(adopted.id) },
      { id: never.id, state: 'failed', result_ref: null },
    ],
  );
});

// Cached for the admin key's scope (every organization), created by Aurora's key: only the
// invalidation of the wallet's tag can refresh it within the 30 seconds.
test('a cached wallet summary of the next id is refreshed by the creation that fills it', async () => {
  const [{ next }] = await api.rows(
    'SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS next FROM digital_wallet_id_seq',
  );
  const summary = async () =>
    expectBody(
      await api.graphql(`{ digitalWalletSummaryById(id: ${next}) { id label } }`, undefined, { key: keys.admin }),
    ).data.digitalWalletSummaryById;
  assert.is(await summary(), null);
  const answer = await createWallet(keys.aurora, { label: 'Fills the gap', type: 'CUSTODIAL', coin: 'BTC' });
  assert.is(answer.wallet.id, Number(next));
  assert.equal(await summary(), { id: Number(next), label: 'Fills the gap' });
});

test.run();
