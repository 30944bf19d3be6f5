// Who may use the OTC mutations (docs/trading.md#who-may-trade, docs/identity.md#scopes and
// #acting-user), through the real service, for each kind of caller: a key with the `trading` scope
// bound to the organization runs all four; an admin key runs them for any organization, acting for
// a member of it; a key bound to another organization finds neither the organization nor its
// quotes (NOT_FOUND, as for missing ones); partner keys, keys without the scope and requests
// without a key are refused before anything runs. A refused acting user is a GraphQL error, and an
// acting user outside the quote's organization a FORBIDDEN in the payload. Refusals write nothing.
// The Aurora traders here have their KYC completed GREEN, which a trade needs (otc-settlement.test.ts
// tests the refusal).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import {
  approveKyc,
  aurora,
  feeBps,
  newQuoteId,
  otcCallers,
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
await approveKyc(api, 'demo-alice', 'demo-bob');
test.after(() => api.close());

/** Each OTC mutation, for Aurora (its organization, or one of its quotes), answering `success` and the errors. */
function mutations(quoteId: string): Record<string, string> {
  const answer = '{ success errors { code field } }';
  const pricing = `fromCurrency: "USD", toCurrency: "BTC", side: BUY, size: 0.5, organizationId: "${aurora}"`;
  return {
    requestOtcQuote: `mutation { requestOtcQuote(input: { ${pricing} }) ${answer} }`,
    calculateOtcQuote: `mutation { calculateOtcQuote(input: { ${pricing} }) ${answer} }`,
    refreshOtcQuote: `mutation { refreshOtcQuote(input: { quoteId: "${quoteId}" }) ${answer} }`,
    requestOtcTrade: `mutation { requestOtcTrade(input: { quoteId: "${quoteId}" }) ${answer} }`,
  };
}

async function footprint() {
  const [counts] = await api.rows(`SELECT (SELECT count(*)::int FROM otc_quote) AS quotes,
    (SELECT count(*)::int FROM otc_trade) AS trades,
    (SELECT count(*)::int FROM otc_quote WHERE status = 'pending') AS pending`);
  return counts;
}

/** `<status> <code>: <message>` of a GraphQL error, or `<status> success <bool> [codes]` of a payload. */
async function answer(key: CallerKey | null, query: string, headers: Record<string, string> = {}) {
  const response = await api.graphql(query, undefined, { key, headers });
  const { body } = response;
  if (body.errors) return `${response.status} ${body.errors[0].extensions.code}: ${body.errors[0].message}`;
  const payload = Object.values(body.data)[0] as { success: boolean; errors: { code: string; field: string[] }[] };
  return `${response.status} success ${payload.success} ${payload.errors.map((error) => `${error.code} ${error.field}`).join(', ')}`.trim();
}

test('partner keys, keys without the trading scope and requests without a key are refused; nothing is touched', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const before = await footprint();
  for (const [field, query] of Object.entries(mutations(quoteId))) {
    assert.is(
      await answer(keys.partner, query),
      '200 FORBIDDEN: partner API keys cannot use the business GraphQL API',
      field,
    );
    assert.is(
      await answer(keys.auroraReader, query),
      `200 FORBIDDEN: this API key lacks the 'trading' scope, which ${field} needs`,
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

test('a key bound to another organization finds neither the organization nor its quotes', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const before = await footprint();
  const answers = await Promise.all(Object.values(mutations(quoteId)).map((query) => answer(keys.meridian, query)));
  assert.equal(answers, [
    '200 success false NOT_FOUND organizationId',
    '200 success false NOT_FOUND organizationId',
    '200 success false NOT_FOUND quoteId',
    '200 success false NOT_FOUND quoteId',
  ]);
  // Its own quotes are found; a quote id that exists nowhere answers exactly as Aurora's did.
  const missing = mutations('22222222-0000-4000-8000-0000000000ff');
  assert.is(await answer(keys.meridian, missing.requestOtcTrade!), '200 success false NOT_FOUND quoteId');
  assert.equal(await footprint(), before);
});

test('a key bound to the organization runs all four, in order: quote, calculation, refresh, trade', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const answers = [];
  for (const query of Object.values(mutations(quoteId))) answers.push(await answer(keys.aurora, query));
  assert.equal(answers, Array(4).fill('200 success true'));
});

test('an admin key runs all four for any organization, acting for a member of it', async () => {
  const quoteId = await newQuoteId(api, keys.admin, { 'x-acting-user': 'demo-alice' }, aurora);
  const answers = [];
  for (const query of Object.values(mutations(quoteId)))
    answers.push(await answer(keys.admin, query, { 'x-acting-user': 'demo-alice' }));
  assert.equal(answers, Array(4).fill('200 success true'));
  const [trade] = await api.rows('SELECT user_id, organization_id FROM otc_trade WHERE quote_id = $1', [quoteId]);
  assert.equal(trade, { user_id: 'demo-alice', organization_id: aurora });
});

test('the acting user: refused as a GraphQL error, and outside the quote’s organization FORBIDDEN', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const before = await footprint();
  const { requestOtcQuote, requestOtcTrade } = mutations(quoteId);
  const refused = "200 FORBIDDEN: X-Acting-User names no user of this API key's organization";
  for (const query of [requestOtcQuote!, requestOtcTrade!])
    assert.is(await answer(keys.aurora, query, { 'x-acting-user': 'demo-ivan' }), refused);
  // The admin key's own owner, the platform administrator, is a member of no organization.
  const byOwner = expectBody(
    await api.graphql(requestOtcTrade!.replace('errors { code field }', 'errors { code message field }'), undefined, {
      key: keys.admin,
    }),
  );
  assert.equal(byOwner.data.requestOtcTrade, {
    success: false,
    errors: [
      {
        code: 'FORBIDDEN',
        message: `the acting user demo-admin does not belong to organization ${aurora}`,
        field: null,
      },
    ],
  });
  for (const query of [requestOtcQuote!, requestOtcTrade!])
    assert.is(await answer(keys.admin, query, { 'x-acting-user': 'demo-ivan' }), '200 success false FORBIDDEN null');
  assert.equal(await footprint(), before);
});

test('a quote and a trade need trader or organization_admin in the organization (permissions.yaml business_operations)', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const needs = (operation: string, who: string) =>
    `200 FORBIDDEN: ${operation} needs one of the roles organization_admin, trader in organization ${aurora}, which ${who} does not hold (permissions.yaml business_operations)`;
  for (const who of ['demo-carol', 'demo-dave'])
    assert.equal(
      [
        await answer(keys.admin, mutations(quoteId).requestOtcQuote!, { 'x-acting-user': who }),
        await answer(keys.admin, mutations(quoteId).requestOtcTrade!, { 'x-acting-user': who }),
      ],
      [needs('requestOtcQuote', who), needs('requestOtcTrade', who)],
    );
  assert.equal((await api.rows('SELECT count(*)::int AS n FROM otc_trade WHERE quote_id = $1', [quoteId]))[0], {
    n: 0,
  });
  // demo-bob, the Aurora key's owner, is a trader.
  assert.equal(
    [
      await answer(keys.aurora, mutations(quoteId).requestOtcQuote!),
      await answer(keys.aurora, mutations(quoteId).requestOtcTrade!),
    ],
    ['200 success true', '200 success true'],
  );
});

test.run();
