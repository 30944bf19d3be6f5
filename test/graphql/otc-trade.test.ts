// requestOtcTrade through the real service (schema.graphql; docs/trading.md#trades): a live quote
// executes once, its trade recorded (otc_trade row, quote ACCEPTED) and settled before the answer;
// fifty concurrent requests over HTTP on one quote make exactly one trade and forty-nine
// QUOTE_ALREADY_EXECUTED answers carrying that trade; a withdrawn quote is INVALID_STATE for trades
// and refreshes; the demo's pending quote executes at its stored price, its total settled in cents.
// The traders here have their KYC completed GREEN; the settlement's journal, wallets and refusals
// are otc-settlement.test.ts's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PENDING_OTC_QUOTE_ID } from '../../src/db/seed/demo-trading.ts';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import {
  approveKyc,
  aurora,
  feeBps,
  meridian,
  newQuoteId,
  otcCallers,
  quoteFields,
  startOtcPriceSource,
  untilPricesStored,
} from './support/otc-fixtures.ts';

const api = await startBusinessApi({
  seed: 'demo',
  env: { OTC_FEE_BPS: feeBps },
  providers: [await startOtcPriceSource()],
});
await untilPricesStored(api);
const keys = await api.keys(otcCallers);
await approveKyc(api, 'demo-alice', 'demo-bob', 'demo-ivan');
test.after(() => api.close());

const legFields = 'currency amount settlement walletId';
const tradeFields = `id status fromAmount toAmount fromLeg { ${legFields} } toLeg { ${legFields} } requestedByUserId
  executedAt settledAt failureReason quote { ${quoteFields} }`;
const execute = `mutation ($id: UUID!) {
  requestOtcTrade(input: { quoteId: $id }) { success errors { code message field } trade { ${tradeFields} } }
}`;

async function trade(key: CallerKey, quoteId: string, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(execute, { id: quoteId }, { key, headers })).data.requestOtcTrade;
}

test('a live quote executes: the trade is recorded with the quote ACCEPTED, and settled, before the answer', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const payload = await trade(keys.aurora, quoteId, { 'x-acting-user': 'demo-alice' });
  assert.equal(payload.errors, []);
  const { id, executedAt, quote, ...rest } = payload.trade;
  assert.equal(rest, {
    status: 'SETTLED',
    // BUY: the client gives the total in USD (32096.25075 paid: rounded up to the cent), off the
    // platform, and receives the size in BTC into Aurora's only BTC wallet.
    fromAmount: '32096.26',
    toAmount: '0.5',
    fromLeg: { currency: 'USD', amount: '32096.26', settlement: 'OFF_PLATFORM', walletId: null },
    toLeg: { currency: 'BTC', amount: '0.5', settlement: 'ON_PLATFORM', walletId: 1 },
    requestedByUserId: 'demo-alice',
    // The platform's desk settles at once.
    settledAt: executedAt,
    failureReason: null,
  });
  assert.equal([quote.id, quote.status, quote.tradeId, quote.requestedByUserId], [quoteId, 'ACCEPTED', id, 'demo-bob']);
  assert.equal(
    await api.rows(
      'SELECT q.status, t.id, t.user_id, t.organization_id, t.status AS trade_status, t.executed_at FROM otc_quote q JOIN otc_trade t ON t.quote_id = q.id WHERE q.id = $1',
      [quoteId],
    ),
    [
      {
        status: 'accepted',
        id,
        user_id: 'demo-alice',
        organization_id: aurora,
        trade_status: 'settled',
        executed_at: new Date(executedAt),
      },
    ],
  );
});

test('a second request on an executed quote is QUOTE_ALREADY_EXECUTED and answers the existing trade', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const first = await trade(keys.aurora, quoteId);
  const again = await trade(keys.aurora, quoteId);
  assert.equal(again, {
    success: false,
    errors: [
      {
        code: 'QUOTE_ALREADY_EXECUTED',
        message: `quote ${quoteId} was already executed as trade ${first.trade.id}; a quote executes at most once`,
        field: ['quoteId'],
      },
    ],
    trade: first.trade,
  });
  const refreshed = expectBody(
    await api.graphql(
      `mutation { refreshOtcQuote(input: { quoteId: "${quoteId}" }) { success errors { code } quote { id } } }`,
      undefined,
      { key: keys.aurora },
    ),
  );
  assert.equal(refreshed.data.refreshOtcQuote, {
    success: false,
    errors: [{ code: 'QUOTE_ALREADY_EXECUTED' }],
    quote: null,
  });
});

test('fifty concurrent requests on one quote: exactly one trade, forty-nine clear refusals naming it', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const answers = await Promise.all(Array.from({ length: 50 }, () => trade(keys.aurora, quoteId)));
  const made = answers.filter((answer) => answer.success);
  assert.is(made.length, 1);
  const tradeId = made[0].trade.id;
  const refusals = answers.filter((answer) => !answer.success);
  assert.equal(
    new Set(refusals.map((answer) => JSON.stringify([answer.errors, answer.trade.id]))),
    new Set([
      JSON.stringify([
        [
          {
            code: 'QUOTE_ALREADY_EXECUTED',
            message: `quote ${quoteId} was already executed as trade ${tradeId}; a quote executes at most once`,
            field: ['quoteId'],
          },
        ],
        tradeId,
      ]),
    ]),
  );
  assert.is(refusals.length, 49);
  assert.equal(await api.rows('SELECT id FROM otc_trade WHERE quote_id = $1', [quoteId]), [{ id: tradeId }]);
});

test('a quote withdrawn through the data layer is INVALID_STATE for a trade and a refresh; nothing is written', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  await api.rows(`UPDATE otc_quote SET status = 'cancelled' WHERE id = $1`, [quoteId]);
  const expected = {
    code: 'INVALID_STATE',
    message: `quote ${quoteId} was cancelled: request a new quote`,
    field: ['quoteId'],
  };
  assert.equal(await trade(keys.aurora, quoteId), { success: false, errors: [expected], trade: null });
  const refreshed = expectBody(
    await api.graphql(
      `mutation { refreshOtcQuote(input: { quoteId: "${quoteId}" }) { success errors { code message field } } }`,
      undefined,
      { key: keys.aurora },
    ),
  );
  assert.equal(refreshed.data.refreshOtcQuote, { success: false, errors: [expected] });
  assert.equal(await api.rows('SELECT count(*)::int AS trades FROM otc_trade WHERE quote_id = $1', [quoteId]), [
    { trades: 0 },
  ]);
});

test('the demo pending quote (Meridian sells 1.2 BTC) executes at its stored price and fee, its total in cents', async () => {
  const payload = await trade(keys.meridian, DEMO_PENDING_OTC_QUOTE_ID);
  const { quote, fromAmount, toAmount, requestedByUserId } = payload.trade;
  // The stored total, 1.2 × 94212.75 × (1 − 0.25 %) = 112772.66175, is received: rounded down to the
  // cent; the fee is its distance from the notional 113055.3.
  assert.equal([fromAmount, toAmount, requestedByUserId], ['1.2', '112772.66', 'demo-ivan']);
  assert.equal(
    [
      quote.organizationId,
      quote.side,
      quote.exchangeRate,
      quote.quoteFeePerc,
      quote.feeAmount,
      quote.total,
      quote.status,
    ],
    [meridian, 'SELL', '94212.75', 0.25, '282.64', '112772.66', 'ACCEPTED'],
  );
});

test.run();
