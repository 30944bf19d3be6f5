// requestOtcTrade settles on the journal (docs/trading.md#settlement; docs/ledger.md#otc-trades),
// through the real service on the demo data. A BUY and a SELL move both wallets by exactly the
// settled amounts (computed here by SQL from the quote's price, size and fee, paid rounded up and
// received rounded down) and the desk's accounts by the opposite, as one linked group of two legs
// with two audit entries; the business API's wallet summary and the data layer's holdings show it.
// A currency no wallet holds (USD) settles off the platform against the world. Refusals write
// nothing: a paying wallet short of what it pays (fee included) is INSUFFICIENT_BALANCE, an acting
// user whose KYC is not GREEN is KYC_NOT_APPROVED, wallets missing, ambiguous, unfit, frozen or
// another organization's are named by field. Fifty concurrent trades of one quote post one linked
// group; two concurrent trades of two quotes that together overdraw a wallet give one trade and one
// INSUFFICIENT_BALANCE; a fault injected between the two legs leaves neither leg, no trade and the
// quote PENDING. At the end every asset's postings sum to zero.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole, dataAdminSecret, postGraphql } from '../data-layer/data-layer-client.ts';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import {
  approveKyc,
  aurora,
  feeBps,
  marketPrices,
  meridian,
  requestQuote,
  startOtcPriceSource,
  untilPricesStored,
} from './support/otc-fixtures.ts';

const api = await startBusinessApi({
  seed: 'demo',
  env: { OTC_FEE_BPS: feeBps },
  providers: [await startOtcPriceSource()],
});
await untilPricesStored(api);
const keys = await api.keys({
  aurora: { organization: aurora, scopes: ['trading', 'read'], owner: 'demo-bob' },
  meridian: { organization: meridian, scopes: ['trading', 'read'], owner: 'demo-ivan' },
});
// demo-alice (Aurora's organization_admin) stays awaitingUser, as the demo seed has her.
await approveKyc(api, 'demo-bob', 'demo-ivan');
test.after(() => api.close());

/** The demo wallets the trades settle with (src/db/seed/demo-wallets.ts). */
const wallet = { auroraBtc: 1, auroraEthTreasury: 2, auroraEthSmart: 3, auroraAvaxFrozen: 4, meridianBtc: 5 };
const meridianEth = 7;

const legFields = 'currency amount settlement walletId';
const execute = `mutation ($input: RequestOtcTradeInput!) {
  requestOtcTrade(input: $input) { success errors { code message field }
    trade { id status fromAmount toAmount fromLeg { ${legFields} } toLeg { ${legFields} } executedAt settledAt quote { id total feeAmount } } }
}`;

async function trade(key: CallerKey, input: Record<string, unknown>, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(execute, { input }, { key, headers })).data.requestOtcTrade;
}

async function quoteOf(key: CallerKey, input: Record<string, unknown>): Promise<{ id: string; total: string }> {
  const payload = await requestQuote(api, key, input);
  assert.ok(payload.success, JSON.stringify(payload));
  return payload.quote;
}

/**
 * The figures a quote settles, computed by SQL apart from the service: rate = base price / quote
 * price (18 places), notional = size × rate, fee = notional × OTC_FEE_BPS / 10 000 (18 places),
 * total = notional ± fee, paid (BUY) rounded up, received (SELL) rounded down to `places`.
 */
async function oracleTotal(side: 'BUY' | 'SELL', size: string, base: string, counter: string, places: number) {
  const [{ total }] = await api.rows(
    `WITH r AS (SELECT round($2::numeric / $3::numeric, 18) AS rate),
          n AS (SELECT round($1::numeric * rate, 18) AS notional FROM r),
          f AS (SELECT notional, round(notional * $4::numeric / 10000, 18) AS fee FROM n)
     SELECT (CASE WHEN $5 = 'BUY' THEN ceil((notional + fee) * 10::numeric ^ $6::int)
       ELSE floor((notional - fee) * 10::numeric ^ $6::int) END / 10::numeric ^ $6::int)::numeric(38, 18)::text AS total
     FROM f`,
    [
      size,
      base === 'USD' ? '1' : marketPrices[base],
      counter === 'USD' ? '1' : marketPrices[counter],
      feeBps,
      side,
      places,
    ],
  );
  return (total as string).replace(/\.?0+$/, '');
}

/** Each wallet's holding of each coin, in whole coins, as stored. */
async function holdings(): Promise<Record<string, string>> {
  const rows = await api.rows(
    `SELECT wallet_id || ':' || symbol AS key, balance::text AS balance, available_balance::text AS available
       FROM digital_wallet_asset ORDER BY wallet_id, symbol`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, `${row.balance}/${row.available}`]));
}

/** Every ledger account's posted balance (credits − debits) in base units, by `kind:asset[:wallet]`. */
async function postedBalances(): Promise<Record<string, bigint>> {
  const rows = await api.rows(
    `SELECT kind || ':' || asset || coalesce(':' || wallet_id, '') AS key, (credits_posted - debits_posted)::text AS posted
       FROM ledger_account`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, BigInt(row.posted)]));
}

/** What changed between two snapshots of the posted balances, leaving out what did not. */
function moved(before: Record<string, bigint>, after: Record<string, bigint>): Record<string, bigint> {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes = [...keys].map((key) => [key, (after[key] ?? 0n) - (before[key] ?? 0n)] as const);
  return Object.fromEntries(changes.filter(([, change]) => change !== 0n).sort(([a], [b]) => a.localeCompare(b)));
}

/** How many rows each kind of record a trade writes has: the refusals must leave all of them. */
async function footprint() {
  const [counts] = await api.rows(`SELECT (SELECT count(*)::int FROM otc_trade) AS trades,
    (SELECT count(*)::int FROM ledger_transfer) AS transfers, (SELECT count(*)::int FROM ledger_link) AS links,
    (SELECT count(*)::int FROM ledger_account) AS accounts, (SELECT count(*)::int FROM audit_log) AS audits,
    (SELECT count(*)::int FROM digital_wallet_asset) AS holdings,
    (SELECT count(*)::int FROM otc_quote WHERE status = 'pending') AS pending`);
  return { ...counts, holdings: await holdings() };
}

/** The trade's journal group: each leg with its accounts, as stored. */
async function journalGroup(tradeId: string) {
  return api.rows(
    `SELECT t.id, t.linked_id, t.asset, t.amount::text AS amount, t.kind,
       d.kind || coalesce(':' || d.wallet_id, '') AS debit, c.kind || coalesce(':' || c.wallet_id, '') AS credit
     FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id
       JOIN ledger_account c ON c.id = t.credit_account_id
     WHERE t.linked_id = $1 ORDER BY t.id`,
    [`trade:${tradeId}`],
  );
}

/** A wallet's holdings as the business API's summary answers them (cached: a trade must drop it). */
async function summaryBalances(key: CallerKey, walletId: number): Promise<Record<string, string>> {
  const body = expectBody(
    await api.graphql(`{ digitalWalletSummaryById(id: ${walletId}) { assets { symbol balance } } }`, undefined, {
      key,
    }),
  );
  const assets = body.data.digitalWalletSummaryById.assets as { symbol: string; balance: string }[];
  return Object.fromEntries(assets.map((asset) => [asset.symbol, asset.balance]));
}

/** A wallet's holdings as the data layer answers them to the organization's admin: balance/available. */
async function dataLayerHoldings(organizationId: string, walletId: number): Promise<Record<string, string>> {
  const response = await fetch(`${api.service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-data-admin-secret': dataAdminSecret,
      'x-data-role': 'organization_admin',
      'x-data-organization-id': organizationId,
    },
    body: JSON.stringify({
      query: `{ digital_wallet_asset(where: { wallet_id: { _eq: ${walletId} } }) { symbol balance available_balance } }`,
    }),
  });
  const rows = ((await response.json()) as any).data.digital_wallet_asset as Record<string, unknown>[];
  return Object.fromEntries(rows.map((row) => [row.symbol, `${row.balance}/${row.available_balance}`]));
}

/** A whole-coin decimal as the numeric(38, 18) column prints it. */
const stored = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(18, '0')}`;
};

test('a BUY of ETH with BTC moves both wallets by the settled amounts and the desk by the opposite, as one linked group', async () => {
  const total = await oracleTotal('BUY', '2.5', 'ETH', 'BTC', 8);
  assert.is(total, '0.12538382'); // 0.125383815360817493 BTC paid, rounded up to the satoshi
  const beforeViews = [await summaryBalances(keys.aurora, wallet.auroraBtc), await summaryBalances(keys.aurora, 3)];
  assert.equal(beforeViews, [{ BTC: '42.75' }, { ETH: '12.4', USDC: '85000' }]);
  const before = await postedBalances();
  const quote = await quoteOf(keys.aurora, { fromCurrency: 'BTC', toCurrency: 'ETH', side: 'BUY', size: '2.5' });
  assert.is(quote.total, total);
  // Aurora has one BTC wallet, which pays unnamed, and two ETH wallets: the receiving one is named.
  const payload = await trade(keys.aurora, { quoteId: quote.id, toWalletId: wallet.auroraEthSmart });
  assert.equal(payload.errors, []);
  const { id, executedAt, settledAt, status, fromLeg, toLeg } = payload.trade;
  assert.equal([status, settledAt], ['SETTLED', executedAt]);
  assert.equal(fromLeg, { currency: 'BTC', amount: total, settlement: 'ON_PLATFORM', walletId: wallet.auroraBtc });
  assert.equal(toLeg, { currency: 'ETH', amount: '2.5', settlement: 'ON_PLATFORM', walletId: 3 });
  assert.equal(moved(before, await postedBalances()), {
    'otc_desk:BTC': 12_538_382n,
    'otc_desk:ETH': -2_500_000_000_000_000_000n,
    'wallet:BTC:1': -12_538_382n,
    'wallet:ETH:3': 2_500_000_000_000_000_000n,
  });
  assert.equal(await journalGroup(id), [
    {
      id: `trade:${id}:leg1`,
      linked_id: `trade:${id}`,
      asset: 'BTC',
      amount: '12538382',
      kind: 'single',
      debit: 'wallet:1',
      credit: 'otc_desk',
    },
    {
      id: `trade:${id}:leg2`,
      linked_id: `trade:${id}`,
      asset: 'ETH',
      amount: '2500000000000000000',
      kind: 'single',
      debit: 'otc_desk',
      credit: 'wallet:3',
    },
  ]);
  assert.equal(await api.rows('SELECT count(*)::int AS n FROM ledger_link WHERE id = $1', [`trade:${id}`]), [{ n: 1 }]);
  // 42.75 − 0.12538382 and 12.4 + 2.5: the summary (cached before the trade) and the data layer agree.
  // 2 BTC of the BTC wallet are held by the demo's send waiting for approval (docs/ledger.md#custody-transfers).
  assert.equal(
    [await summaryBalances(keys.aurora, wallet.auroraBtc), await summaryBalances(keys.aurora, 3)],
    [{ BTC: '42.62461618' }, { ETH: '14.9', USDC: '85000' }],
  );
  assert.equal(
    [await dataLayerHoldings(aurora, wallet.auroraBtc), await dataLayerHoldings(aurora, 3)],
    [
      { BTC: `${stored('42.62461618')}/${stored('40.62461618')}` },
      { ETH: `${stored('14.9')}/${stored('14.9')}`, USDC: `${stored('85000')}/${stored('85000')}` },
    ],
  );
});

test('a SELL of ETH for BTC: the received total rounded down, both wallets and the desk moved exactly', async () => {
  const total = await oracleTotal('SELL', '10', 'ETH', 'BTC', 8);
  assert.is(total, '0.49853505'); // 0.498535050507417908 BTC received, rounded down
  const before = await postedBalances();
  const quote = await quoteOf(keys.meridian, { fromCurrency: 'ETH', toCurrency: 'BTC', side: 'SELL', size: '10' });
  // Meridian has one wallet on each network: neither needs naming.
  const payload = await trade(keys.meridian, { quoteId: quote.id });
  assert.equal(payload.errors, []);
  assert.equal(
    [payload.trade.fromLeg, payload.trade.toLeg],
    [
      { currency: 'ETH', amount: '10', settlement: 'ON_PLATFORM', walletId: meridianEth },
      { currency: 'BTC', amount: total, settlement: 'ON_PLATFORM', walletId: wallet.meridianBtc },
    ],
  );
  assert.equal(moved(before, await postedBalances()), {
    'otc_desk:BTC': -49_853_505n,
    'otc_desk:ETH': 10_000_000_000_000_000_000n,
    'wallet:BTC:5': 49_853_505n,
    'wallet:ETH:7': -10_000_000_000_000_000_000n,
  });
  // 8.1234 + 0.49853505 and 95.25 − 10.
  assert.equal(
    [await summaryBalances(keys.meridian, wallet.meridianBtc), await summaryBalances(keys.meridian, meridianEth)],
    [{ BTC: '8.62193505' }, { ETH: '85.25', USDC: '500000' }],
  );
  // 2 ETH are held by the demo's initialized send from that wallet (docs/ledger.md#custody-transfers).
  assert.equal(await dataLayerHoldings(meridian, meridianEth), {
    ETH: `${stored('85.25')}/${stored('83.25')}`,
    USDC: `${stored('500000')}/${stored('500000')}`,
  });
});

test('USD, which no wallet holds, settles off the platform against the world; each trade and settlement is audited', async () => {
  const total = await oracleTotal('BUY', '0.5', 'BTC', 'USD', 2);
  assert.is(total, '32096.26'); // 32096.25075 USD paid, rounded up to the cent
  const before = await postedBalances();
  const quote = await quoteOf(keys.aurora, { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: 0.5 });
  const payload = await trade(keys.aurora, { quoteId: quote.id });
  assert.equal(
    [payload.trade.fromLeg, payload.trade.toLeg],
    [
      { currency: 'USD', amount: total, settlement: 'OFF_PLATFORM', walletId: null },
      { currency: 'BTC', amount: '0.5', settlement: 'ON_PLATFORM', walletId: wallet.auroraBtc },
    ],
  );
  assert.equal(moved(before, await postedBalances()), {
    'otc_desk:BTC': -50_000_000n,
    'otc_desk:USD': 3_209_626n,
    'wallet:BTC:1': 50_000_000n,
    'world:USD': -3_209_626n,
  });
  const { id } = payload.trade;
  assert.equal(
    (await journalGroup(id)).map((leg) => [leg.id, leg.asset, leg.amount, leg.debit, leg.credit]),
    [
      [`trade:${id}:leg1`, 'USD', '3209626', 'world', 'otc_desk'],
      [`trade:${id}:leg2`, 'BTC', '50000000', 'otc_desk', 'wallet:1'],
    ],
  );
  assert.equal(await api.rows('SELECT from_wallet_id, to_wallet_id FROM otc_trade WHERE id = $1', [id]), [
    { from_wallet_id: null, to_wallet_id: wallet.auroraBtc },
  ]);
  const audits = await api.rows(
    `SELECT action, actor_user_id, actor_api_key_id, request_id IS NOT NULL AS has_request, details
       FROM audit_log WHERE resource_type = 'otc_trade' AND resource_id = $1 ORDER BY id`,
    [id],
  );
  const actor = { actor_user_id: 'demo-bob', actor_api_key_id: keys.aurora.id, has_request: true };
  assert.equal(audits, [
    {
      action: 'otc_trade.execute',
      ...actor,
      details: {
        quoteId: quote.id,
        fromCurrency: 'USD',
        fromAmount: total,
        fromWalletId: null,
        toCurrency: 'BTC',
        toAmount: '0.5',
        toWalletId: wallet.auroraBtc,
      },
    },
    {
      action: 'otc_trade.settle',
      ...actor,
      details: {
        linkedId: `trade:${id}`,
        transferIds: [`trade:${id}:leg1`, `trade:${id}:leg2`],
        settledAt: payload.trade.settledAt,
      },
    },
  ]);
});

test('a wallet without the coin it sells is INSUFFICIENT_BALANCE, and nothing is written', async () => {
  const [{ id: solWallet }] = await api.rows(
    `INSERT INTO digital_wallet (organization_id, label, coin, wallet_type) VALUES ($1, 'Aurora SOL (empty)', 'SOL', 'custodial')
     RETURNING id`,
    [aurora],
  );
  const quote = await quoteOf(keys.aurora, { fromCurrency: 'SOL', toCurrency: 'USD', side: 'SELL', size: '50' });
  const before = await footprint();
  assert.equal(await trade(keys.aurora, { quoteId: quote.id }), {
    success: false,
    errors: [
      {
        code: 'INSUFFICIENT_BALANCE',
        message: `wallet ${solWallet} has 0 SOL available, less than the 50 SOL this trade pays`,
        field: ['fromWalletId'],
      },
    ],
    trade: null,
  });
  assert.equal(await footprint(), before);
  assert.equal(await api.rows('SELECT status FROM otc_quote WHERE id = $1', [quote.id]), [{ status: 'pending' }]);
});

test('what a wallet pays includes the fee: one satoshi short is INSUFFICIENT_BALANCE, the exact total trades to zero', async () => {
  const [{ id: btcWallet }] = await api.rows(
    `INSERT INTO digital_wallet (organization_id, label, coin, wallet_type) VALUES ($1, 'Meridian BTC (fee test)', 'BTC', 'custodial')
     RETURNING id`,
    [meridian],
  );
  const total = await oracleTotal('BUY', '2.5', 'ETH', 'BTC', 8);
  // One satoshi less than the total: far more than the notional (0.125008788993835985), less than notional + fee.
  await api.rows(`SELECT ledger_deposit($1, 'BTC', 0.12538381, 'test:fee-boundary-1')`, [btcWallet]);
  const quote = await quoteOf(keys.meridian, { fromCurrency: 'BTC', toCurrency: 'ETH', side: 'BUY', size: '2.5' });
  const input = { quoteId: quote.id, fromWalletId: btcWallet };
  const before = await footprint();
  assert.equal((await trade(keys.meridian, input)).errors, [
    {
      code: 'INSUFFICIENT_BALANCE',
      message: `wallet ${btcWallet} has 0.12538381 BTC available, less than the ${total} BTC this trade pays`,
      field: ['fromWalletId'],
    },
  ]);
  assert.equal(await footprint(), before);
  await api.rows(`SELECT ledger_deposit($1, 'BTC', 0.00000001, 'test:fee-boundary-2')`, [btcWallet]);
  const traded = await trade(keys.meridian, input);
  assert.equal([traded.success, traded.trade.fromLeg.walletId], [true, btcWallet]);
  assert.equal(
    await api.rows(`SELECT balance::text, available_balance::text FROM digital_wallet_asset WHERE wallet_id = $1`, [
      btcWallet,
    ]),
    [{ balance: stored('0'), available_balance: stored('0') }],
  );
});

test('an acting user whose KYC review is not completed GREEN is KYC_NOT_APPROVED, and nothing is written', async () => {
  const quote = await quoteOf(keys.aurora, { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.1' });
  const before = await footprint();
  // demo-alice may trade for Aurora (organization_admin), but her review awaits her (the demo seed).
  assert.equal(await trade(keys.aurora, { quoteId: quote.id }, { 'x-acting-user': 'demo-alice' }), {
    success: false,
    errors: [
      {
        code: 'KYC_NOT_APPROVED',
        message:
          "demo-alice's KYC review is awaitingUser: OTC trades are executed only for users whose KYC review is completed GREEN",
        field: null,
      },
    ],
    trade: null,
  });
  // A review completed RED refuses too, naming the answer.
  await api.rows(
    `UPDATE kyc_profile SET review_status = 'completed', review_answer = 'RED', reject_type = 'RETRY', updated_at = now()
     WHERE user_id = 'demo-alice'`,
  );
  assert.equal(
    (await trade(keys.aurora, { quoteId: quote.id }, { 'x-acting-user': 'demo-alice' })).errors[0].message,
    "demo-alice's KYC review was completed RED (RETRY): OTC trades are executed only for users whose KYC review is completed GREEN",
  );
  assert.equal(await footprint(), before);
});

test('wallets missing where several could settle, unfit, frozen, another organization’s, or named off the platform: every one named', async () => {
  const sellEth = await quoteOf(keys.aurora, { fromCurrency: 'ETH', toCurrency: 'USD', side: 'SELL', size: '1' });
  const buyBtc = await quoteOf(keys.aurora, { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.1' });
  const before = await footprint();
  const errors = async (input: Record<string, unknown>) =>
    (await trade(keys.aurora, input)).errors.map((error: any) => `${error.code} ${error.field}: ${error.message}`);
  assert.equal(await errors({ quoteId: sellEth.id }), [
    "VALIDATION_FAILED fromWalletId: 2 ACTIVE wallets of the quote's organization can hold ETH (2, 3): name one in fromWalletId",
  ]);
  assert.equal(await errors({ quoteId: buyBtc.id, fromWalletId: 2, toWalletId: wallet.meridianBtc }), [
    'VALIDATION_FAILED fromWalletId: USD settles off the platform, in no wallet: leave fromWalletId out',
    "NOT_FOUND toWalletId: no wallet 5 of the quote's organization",
  ]);
  assert.equal(await errors({ quoteId: buyBtc.id, toWalletId: wallet.auroraAvaxFrozen }), [
    'INVALID_STATE toWalletId: wallet 4 is FROZEN; only ACTIVE wallets settle trades',
  ]);
  assert.equal(await errors({ quoteId: buyBtc.id, toWalletId: wallet.auroraEthTreasury }), [
    'VALIDATION_FAILED toWalletId: wallet 2 (ETH, on ethereum) cannot hold BTC',
  ]);
  assert.equal(await footprint(), before);
});

test('fifty concurrent trades of one quote post one linked group, once', async () => {
  const quote = await quoteOf(keys.meridian, { fromCurrency: 'BTC', toCurrency: 'USD', side: 'SELL', size: '0.25' });
  const before = await postedBalances();
  // Meridian has two BTC wallets since the fee test: the paying one is named.
  const input = { quoteId: quote.id, fromWalletId: wallet.meridianBtc };
  const answers = await Promise.all(Array.from({ length: 50 }, () => trade(keys.meridian, input)));
  const made = answers.filter((answer) => answer.success);
  assert.is(made.length, 1);
  const { id } = made[0].trade;
  assert.equal(
    new Set(answers.filter((answer) => !answer.success).map((answer) => `${answer.errors[0].code} ${answer.trade.id}`)),
    new Set([`QUOTE_ALREADY_EXECUTED ${id}`]),
  );
  assert.equal(
    await api.rows(
      `SELECT (SELECT count(*)::int FROM otc_trade WHERE quote_id = $1) AS trades,
         (SELECT count(*)::int FROM ledger_transfer WHERE id LIKE $2) AS transfers,
         (SELECT count(*)::int FROM ledger_link WHERE id = $3) AS links`,
      [quote.id, `trade:${id}:%`, `trade:${id}`],
    ),
    [{ trades: 1, transfers: 2, links: 1 }],
  );
  // 0.25 BTC sold once; 0.25 × 64000.5 − 0.3 % = 15952.124625 USD received, rounded down.
  assert.is(await oracleTotal('SELL', '0.25', 'BTC', 'USD', 2), '15952.12');
  assert.equal(moved(before, await postedBalances()), {
    'otc_desk:BTC': 25_000_000n,
    'otc_desk:USD': -1_595_212n,
    'wallet:BTC:5': -25_000_000n,
    'world:USD': 1_595_212n,
  });
});

test('two concurrent trades that each fit the wallet but not together: one trade, one INSUFFICIENT_BALANCE', async () => {
  const [{ id: solWallet }] = await api.rows(
    `SELECT id FROM digital_wallet WHERE organization_id = $1 AND coin = 'SOL'`,
    [aurora],
  );
  await api.rows(`SELECT ledger_deposit($1, 'SOL', 80, 'test:two-quotes')`, [solWallet]);
  const quotes = [
    await quoteOf(keys.aurora, { fromCurrency: 'SOL', toCurrency: 'USD', side: 'SELL', size: '50' }),
    await quoteOf(keys.aurora, { fromCurrency: 'SOL', toCurrency: 'USD', side: 'SELL', size: '50' }),
  ];
  const answers = await Promise.all(quotes.map((quote) => trade(keys.aurora, { quoteId: quote.id })));
  assert.equal(answers.map((answer) => answer.success).sort(), [false, true]);
  const refused = answers.find((answer) => !answer.success);
  assert.equal(refused.errors, [
    {
      code: 'INSUFFICIENT_BALANCE',
      message: `wallet ${solWallet} has 30 SOL available, less than the 50 SOL this trade pays`,
      field: ['fromWalletId'],
    },
  ]);
  const refusedQuote = quotes[answers.indexOf(refused)]!.id;
  assert.equal(
    await api.rows(
      `SELECT q.status, count(t.id)::int AS trades FROM otc_quote q LEFT JOIN otc_trade t ON t.quote_id = q.id
       WHERE q.id = $1 GROUP BY q.status`,
      [refusedQuote],
    ),
    [{ status: 'pending', trades: 0 }],
  );
  assert.equal(
    await api.rows(`SELECT balance::text FROM digital_wallet_asset WHERE wallet_id = $1 AND symbol = 'SOL'`, [
      solWallet,
    ]),
    [{ balance: stored('30') }],
  );
});

test('the second leg failing leaves neither leg, no trade and the quote PENDING; the quote then trades', async () => {
  // A fault between the legs: every trade leg's insert counts itself on a sequence (which no
  // rollback resets), and the second one raises.
  await api.rows(`CREATE SEQUENCE fault_trade_legs`);
  await api.rows(`CREATE FUNCTION fault_second_leg() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.id LIKE 'trade:%' THEN PERFORM nextval('fault_trade_legs'); END IF;
      IF NEW.id LIKE 'trade:%:leg2' THEN RAISE EXCEPTION 'injected fault: the second leg fails'; END IF;
      RETURN NEW;
    END $$`);
  await api.rows(`CREATE TRIGGER fault_second_leg BEFORE INSERT ON ledger_transfer
    FOR EACH ROW EXECUTE FUNCTION fault_second_leg()`);
  const quote = await quoteOf(keys.aurora, { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.2' });
  const before = await footprint();
  const answer = await api.graphql(execute, { input: { quoteId: quote.id } }, { key: keys.aurora });
  assert.equal(
    [answer.body.data, answer.body.errors?.map((error: any) => error.extensions.code)],
    [null, ['INTERNAL_SERVER_ERROR']],
  );
  assert.equal(await api.rows(`SELECT last_value::int AS legs FROM fault_trade_legs`), [{ legs: 2 }]);
  assert.equal(await footprint(), before);
  assert.equal(await api.rows('SELECT status FROM otc_quote WHERE id = $1', [quote.id]), [{ status: 'pending' }]);
  await api.rows(`DROP TRIGGER fault_second_leg ON ledger_transfer`);
  const retried = await trade(keys.aurora, { quoteId: quote.id });
  assert.equal([retried.success, retried.trade.status], [true, 'SETTLED']);
});

test('a trade cannot be marked SETTLED without its journal group: the data layer and plain SQL are refused at commit', async () => {
  const [pending] = await api.rows(`SELECT id FROM otc_trade WHERE status = 'pending' ORDER BY executed_at LIMIT 1`);
  assert.ok(pending, 'the demo data has a pending trade');
  const answer = await postGraphql(
    api.service,
    `mutation { update_otc_trade_by_pk(pk_columns: { id: "${pending.id}" }, _set: { status: "settled", settled_at: "2026-01-01T00:00:00Z" }) { status } }`,
    { headers: asRole(null) },
  );
  assert.equal(
    (answer.body.errors ?? []).map((error: any) => [error.message, error.extensions.code]),
    [
      [
        "an OTC trade becomes 'settled' only with both legs of its journal group trade:<id>, which the business API's requestOtcTrade posts in the transaction that settles it (docs/trading.md#settlement); nothing was written",
        'FORBIDDEN',
      ],
    ],
  );
  const sql = api.rows(`UPDATE otc_trade SET status = 'settled', settled_at = now() WHERE id = $1`, [pending.id]);
  await sql.then(
    () => assert.unreachable('plain SQL settled a trade without its journal group'),
    (error: any) => assert.is(error.constraint, 'otc_trade_settled_journal'),
  );
  assert.equal(await api.rows('SELECT status FROM otc_trade WHERE id = $1', [pending.id]), [{ status: 'pending' }]);
});

test('after every trade: each transfer one amount of one asset, and every asset’s postings sum to zero', async () => {
  const [{ trades }] = await api.rows(`SELECT count(*)::int AS trades FROM otc_trade WHERE status = 'settled'
    AND EXISTS (SELECT 1 FROM ledger_link l WHERE l.id = 'trade:' || otc_trade.id)`);
  // The trades of this file: ETH-BTC bought and sold, BTC bought with USD, the fee boundary, the
  // fifty concurrent requests, the two concurrent quotes and the retry after the fault; and the
  // demo data's settled trade, whose legs the seed posts (demo-trade-settlements.ts).
  assert.is(trades, 8);
  assert.equal(
    await api.rows(`SELECT t.id FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id
      JOIN ledger_account c ON c.id = t.credit_account_id
      WHERE d.asset <> t.asset OR c.asset <> t.asset OR t.amount <= 0 OR d.id = c.id`),
    [],
  );
  assert.equal(
    await api.rows(`SELECT asset, sum(credits_posted - debits_posted)::text AS net,
        sum(debits_posted)::text AS debits, sum(credits_posted)::text AS credits
      FROM ledger_account GROUP BY asset HAVING sum(credits_posted - debits_posted) <> 0
        OR sum(debits_pending) <> sum(credits_pending)`),
    [],
  );
  // Every wallet holding is its account's posted balance in whole coins.
  assert.equal(
    await api.rows(`SELECT a.wallet_id, a.symbol FROM digital_wallet_asset a
      JOIN ledger_account l ON l.kind = 'wallet' AND l.wallet_id = a.wallet_id AND l.asset = a.symbol
      JOIN ledger_asset s ON s.code = l.asset
      WHERE a.balance <> (l.credits_posted - l.debits_posted) / 10 ^ s.decimals`),
    [],
  );
});

test.run();
