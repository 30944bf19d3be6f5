// requestOtcQuote, calculateOtcQuote and refreshOtcQuote through the real service
// (schema.graphql; docs/trading.md): exact decimal prices from the stored coin prices (no order
// book exists yet), BUY paying the fee on top and SELL having it taken off, the total in the
// currency's unit (paid rounded up, received rounded down: docs/trading.md#amounts), OTC_FEE_BPS and
// OTC_QUOTE_TTL_SECONDS applied, the size given as a JSON number, a decimal string, a number
// literal or `quoteSize` alike; a calculation stored nowhere; a refresh re-pricing the same quote;
// and bad input answered in the payload (or, for a malformed scalar, as BAD_USER_INPUT) with
// nothing written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import {
  aurora,
  feeBps,
  otcCallers,
  quoteFields,
  requestQuote,
  setUsdPrice,
  startOtcPriceSource,
  untilPricesStored,
} from './support/otc-fixtures.ts';

const prices = await startOtcPriceSource();
const api = await startBusinessApi({ seed: 'demo', env: { OTC_FEE_BPS: feeBps }, providers: [prices] });
await untilPricesStored(api);
const keys = await api.keys(otcCallers);

test.after(() => api.close());

const buyHalfBtc = { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY' };

/** A quote without its id and times, which differ from request to request. */
function figures(quote: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(quote).filter(([field]) => !['id', 'createdAt', 'expiresAt'].includes(field)),
  );
}

async function quoteCount(): Promise<number> {
  const [{ count }] = await api.rows('SELECT count(*)::int AS count FROM otc_quote');
  return count;
}

test('BUY 0.5 BTC given as a JSON number: the exact price, the fee on top, paid in cents, stored as answered', async () => {
  const payload = await requestQuote(api, keys.aurora, { ...buyHalfBtc, size: 0.5 });
  assert.equal(payload.errors, []);
  assert.is(payload.success, true);
  const { quote } = payload;
  assert.equal(figures(quote), {
    organizationId: aurora,
    requestedByUserId: 'demo-bob',
    productId: 'BTC-USD',
    fromCurrency: 'USD',
    toCurrency: 'BTC',
    side: 'BUY',
    quoteSize: '0.5',
    exchangeRate: '64000.5',
    quoteFeePerc: 0.3,
    // 32000.25 + 32000.25 × 0.3 % = 32096.25075, paid: rounded up to the cent; the fee is the
    // total's distance from the notional.
    feeAmount: '96.01',
    total: '32096.26',
    status: 'PENDING',
    tradeId: null,
  });
  assert.is(Date.parse(quote.expiresAt) - Date.parse(quote.createdAt), 30_000);
  const rows = await api.rows(
    `SELECT organization_id, user_id, product_id, side, quote_size::text, quote_fee_perc::text, exchange_rate::text,
       total::text, status, created_at, expires_at FROM otc_quote WHERE id = $1`,
    [quote.id],
  );
  assert.equal(rows, [
    {
      organization_id: aurora,
      user_id: 'demo-bob',
      product_id: 'BTC-USD',
      side: 'BUY',
      quote_size: '0.500000000000000000',
      quote_fee_perc: '0.3000',
      exchange_rate: '64000.500000000000000000',
      total: '32096.260000000000000000',
      status: 'pending',
      created_at: new Date(quote.createdAt),
      expires_at: new Date(quote.expiresAt),
    },
  ]);
});

test('the size as a decimal string, as a number literal, or as quoteSize gives the same quote', async () => {
  const expected = figures((await requestQuote(api, keys.aurora, { ...buyHalfBtc, size: 0.5 })).quote);
  assert.equal(figures((await requestQuote(api, keys.aurora, { ...buyHalfBtc, size: '0.5' })).quote), expected);
  assert.equal(figures((await requestQuote(api, keys.aurora, { ...buyHalfBtc, quoteSize: '0.50' })).quote), expected);
  for (const literal of ['0.5', '5e-1', '"0.5"']) {
    const body = expectBody(
      await api.graphql(
        `mutation { requestOtcQuote(input: { fromCurrency: "usd", toCurrency: "btc", side: BUY, size: ${literal} }) {
        quote { ${quoteFields} } } }`,
        undefined,
        { key: keys.aurora },
      ),
    );
    assert.equal(figures(body.data.requestOtcQuote.quote), expected, literal);
  }
});

test('SELL 0.5 BTC: the fee is taken off what the client receives, rounded down to the cent', async () => {
  const { quote } = await requestQuote(api, keys.aurora, {
    fromCurrency: 'BTC',
    toCurrency: 'USD',
    side: 'SELL',
    size: '0.5',
  });
  assert.equal(
    [quote.productId, quote.exchangeRate, quote.feeAmount, quote.total],
    // 32000.25 − 96.00075 = 31904.24925 → 31904.24.
    ['BTC-USD', '64000.5', '96.01', '31904.24'],
  );
});

test('a pair of two coins is priced at the ratio of their USD prices, to 18 places; the total in satoshi', async () => {
  const buy = (await requestQuote(api, keys.aurora, { fromCurrency: 'BTC', toCurrency: 'ETH', side: 'BUY', size: 2.5 }))
    .quote;
  const sell = (
    await requestQuote(api, keys.aurora, { fromCurrency: 'ETH', toCurrency: 'BTC', side: 'SELL', size: 2.5 })
  ).quote;
  assert.equal(
    [buy, sell].map((quote) => [quote.productId, quote.exchangeRate, quote.feeAmount, quote.total]),
    [
      // Notional 0.125008788993835985, fee 0.000375026366981508: paid 0.125383815360817493 → 0.12538382,
      // received 0.124633762626854477 → 0.12463376 BTC.
      ['ETH-BTC', '0.050003515597534394', '0.000375031006164015', '0.12538382'],
      ['ETH-BTC', '0.050003515597534394', '0.000375028993835985', '0.12463376'],
    ],
  );
});

const calculate = `mutation ($input: CalculateOtcQuoteInput!) {
  calculateOtcQuote(input: $input) { success errors { code message field }
    calculation { fromCurrency toCurrency side quoteSize exchangeRate quoteFeePerc feeAmount total pricedAt } }
}`;

test('calculateOtcQuote prices exactly as a quote would and stores nothing', async () => {
  const before = await quoteCount();
  const body = expectBody(await api.graphql(calculate, { input: { ...buyHalfBtc, size: 0.5 } }, { key: keys.aurora }));
  const { pricedAt, ...calculation } = body.data.calculateOtcQuote.calculation;
  assert.equal(calculation, {
    fromCurrency: 'USD',
    toCurrency: 'BTC',
    side: 'BUY',
    quoteSize: '0.5',
    exchangeRate: '64000.5',
    quoteFeePerc: 0.3,
    feeAmount: '96.01',
    total: '32096.26',
  });
  assert.ok(Math.abs(Date.parse(pricedAt) - Date.now()) < 60_000, pricedAt);
  // An admin key bound to no organization may calculate without naming one.
  const byAdmin = expectBody(
    await api.graphql(calculate, { input: { ...buyHalfBtc, quoteSize: '0.5' } }, { key: keys.admin }),
  );
  assert.is(byAdmin.data.calculateOtcQuote.calculation.total, '32096.26');
  assert.is(await quoteCount(), before);
});

const refresh = `mutation ($id: UUID!) {
  refreshOtcQuote(input: { quoteId: $id }) { success errors { code message field } quote { ${quoteFields} } }
}`;

test('refreshOtcQuote re-prices the same quote at the current price with a new expiry', async () => {
  const { quote } = await requestQuote(api, keys.aurora, { ...buyHalfBtc, size: 0.5 });
  await setUsdPrice(api, prices, 'BTC', '65000');
  try {
    const body = expectBody(await api.graphql(refresh, { id: quote.id }, { key: keys.aurora }));
    const refreshed = body.data.refreshOtcQuote.quote;
    assert.equal(figures(refreshed), {
      ...figures(quote),
      exchangeRate: '65000',
      feeAmount: '97.5',
      total: '32597.5',
    });
    assert.is(refreshed.id, quote.id);
    assert.is(refreshed.createdAt, quote.createdAt);
    assert.ok(Date.parse(refreshed.expiresAt) >= Date.parse(quote.expiresAt), refreshed.expiresAt);
    const [row] = await api.rows('SELECT exchange_rate::text, total::text, expires_at FROM otc_quote WHERE id = $1', [
      quote.id,
    ]);
    assert.equal(row, {
      exchange_rate: '65000.000000000000000000',
      total: '32597.500000000000000000',
      expires_at: new Date(refreshed.expiresAt),
    });
  } finally {
    await setUsdPrice(api, prices, 'BTC', '64000.5');
  }
});

/** The payload errors of requestOtcQuote for an input; asserts nothing was stored. */
async function refused(input: Record<string, unknown>) {
  const before = await quoteCount();
  const payload = await requestQuote(api, keys.aurora, input);
  assert.is(await quoteCount(), before);
  if (payload.errors && !('success' in payload))
    return payload.errors.map((error: any) => `${error.extensions.code}: ${error.message}`);
  assert.is(payload.success, false);
  assert.is(payload.quote, null);
  return payload.errors;
}

test('a negative, zero, missing or doubled size is VALIDATION_FAILED naming the field', async () => {
  assert.equal(await refused({ ...buyHalfBtc, size: -1 }), [
    { code: 'VALIDATION_FAILED', message: 'size must be positive, got -1', field: ['size'] },
  ]);
  assert.equal(await refused({ ...buyHalfBtc, size: '0' }), [
    { code: 'VALIDATION_FAILED', message: 'size must be positive, got 0', field: ['size'] },
  ]);
  assert.equal(await refused({ ...buyHalfBtc, quoteSize: '-0.5' }), [
    { code: 'VALIDATION_FAILED', message: 'quoteSize must be positive, got -0.5', field: ['quoteSize'] },
  ]);
  assert.equal(await refused(buyHalfBtc), [
    { code: 'VALIDATION_FAILED', message: 'size is required: give size (or quoteSize)', field: ['size'] },
  ]);
  assert.equal(await refused({ ...buyHalfBtc, size: 0.5, quoteSize: '0.5' }), [
    { code: 'VALIDATION_FAILED', message: 'give exactly one of size and quoteSize, not both', field: null },
  ]);
});

test('currencies: malformed, equal, or a pair not traded', async () => {
  assert.equal(await refused({ fromCurrency: 'U S D', toCurrency: 'BTC', side: 'BUY', size: 1 }), [
    {
      code: 'VALIDATION_FAILED',
      message: 'fromCurrency must be a currency code of 2 to 15 letters or digits, for example BTC',
      field: ['fromCurrency'],
    },
  ]);
  assert.equal(await refused({ fromCurrency: 'BTC', toCurrency: 'btc', side: 'BUY', size: 1, quoteSize: '1' }), [
    { code: 'VALIDATION_FAILED', message: 'toCurrency must differ from fromCurrency', field: ['toCurrency'] },
    { code: 'VALIDATION_FAILED', message: 'give exactly one of size and quoteSize, not both', field: null },
  ]);
  assert.equal(await refused({ fromCurrency: 'USD', toCurrency: 'DOGE', side: 'BUY', size: 1 }), [
    { code: 'UNSUPPORTED_ASSET', message: 'the pair DOGE-USD is not traded', field: null },
  ]);
  assert.equal(await refused({ fromCurrency: 'BTC', toCurrency: 'USD', side: 'BUY', size: 1 }), [
    {
      code: 'UNSUPPORTED_ASSET',
      message: 'the pair USD-BTC is not traded; on BTC-USD the base asset is BTC, so SELL BTC for USD instead',
      field: null,
    },
  ]);
  assert.equal(await refused({ fromCurrency: 'USD', toCurrency: 'AVAX', side: 'BUY', size: 1 }), [
    { code: 'UNSUPPORTED_ASSET', message: 'AVAX-USD is offline: not quoted now', field: null },
  ]);
});

test('a size outside the product’s bounds or finer than the coin is VALIDATION_FAILED', async () => {
  assert.equal(await refused({ ...buyHalfBtc, size: '0.00005' }), [
    { code: 'VALIDATION_FAILED', message: 'size must be at least 0.0001 BTC on BTC-USD', field: ['size'] },
  ]);
  assert.equal(await refused({ ...buyHalfBtc, quoteSize: '251' }), [
    { code: 'VALIDATION_FAILED', message: 'quoteSize must be at most 250 BTC on BTC-USD', field: ['quoteSize'] },
  ]);
  assert.equal(await refused({ ...buyHalfBtc, size: '0.123456789' }), [
    { code: 'VALIDATION_FAILED', message: 'size has more than the 8 decimals of BTC', field: ['size'] },
  ]);
});

test('a size that is no decimal, or a number that may have lost digits, is BAD_USER_INPUT', async () => {
  assert.equal(await refused({ ...buyHalfBtc, size: 'half' }), [
    'BAD_USER_INPUT: Variable "$input" has invalid value at .size: DecimalInput must be a decimal such as "0.5" or 0.5: got "half" (at most 38 integer and 18 fraction digits, no exponent beyond ±60)',
  ]);
  assert.equal(await refused({ ...buyHalfBtc, size: 0.12345678901234568 }), [
    'BAD_USER_INPUT: Variable "$input" has invalid value at .size: DecimalInput must be a decimal such as "0.5" or 0.5: the number 0.12345678901234568 may not be exactly what was sent; send more than 15 significant digits as a string',
  ]);
});

test('an admin key names the organization and the acting user; without one the organization is required', async () => {
  assert.equal(await requestQuote(api, keys.admin, { ...buyHalfBtc, size: 1 }, { 'x-acting-user': 'demo-bob' }), {
    success: false,
    errors: [
      {
        code: 'VALIDATION_FAILED',
        message: 'organizationId is required for an API key not bound to an organization',
        field: ['organizationId'],
      },
    ],
    quote: null,
  });
  const made = await requestQuote(
    api,
    keys.admin,
    { ...buyHalfBtc, size: 1, organizationId: aurora },
    { 'x-acting-user': 'demo-bob' },
  );
  assert.equal([made.success, made.quote.organizationId, made.quote.requestedByUserId], [true, aurora, 'demo-bob']);
});

test.run();
