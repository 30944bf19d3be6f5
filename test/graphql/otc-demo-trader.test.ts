// The demo's trader who can trade (docs/demo-data.md, docs/trading.md#who-may-trade): straight from
// the seed, with no review completed by the test, demo-ivan executes the demo's pending quote
// (Meridian sells 1.2 BTC), which settles from Meridian's BTC wallet; demo-alice stays awaitingUser,
// as test/graphql/otc-settlement.test.ts, which refuses her, expects.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PENDING_OTC_QUOTE_ID } from '../../src/db/seed/demo-trading.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { aurora, meridian } from './support/otc-fixtures.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keys = await api.keys({
  alice: { organization: aurora, scopes: ['trading'], owner: 'demo-alice' },
  ivan: { organization: meridian, scopes: ['trading'], owner: 'demo-ivan' },
});
test.after(() => api.close());

const execute = `mutation ($input: RequestOtcTradeInput!) {
  requestOtcTrade(input: $input) { success errors { code } trade { status fromLeg { currency amount walletId } } }
}`;

test("the seed's KYC reviews: Ivan's completed GREEN, Alice's awaitingUser", async () => {
  assert.equal(
    await api.rows(
      `SELECT user_id, review_status, review_answer FROM kyc_profile WHERE user_id IN ('demo-alice', 'demo-ivan') ORDER BY user_id`,
    ),
    [
      { user_id: 'demo-alice', review_status: 'awaitingUser', review_answer: null },
      { user_id: 'demo-ivan', review_status: 'completed', review_answer: 'GREEN' },
    ],
  );
});

test("demo-ivan trades the demo's pending quote, paying 1.2 BTC from Meridian's BTC wallet", async () => {
  const { body, text } = await api.graphql(
    execute,
    { input: { quoteId: DEMO_PENDING_OTC_QUOTE_ID } },
    { key: keys.ivan },
  );
  assert.is(body.errors, undefined, text);
  const payload = body.data.requestOtcTrade;
  assert.equal([payload.success, payload.errors], [true, []]);
  assert.equal(payload.trade.status, 'SETTLED');
  assert.equal(payload.trade.fromLeg, { currency: 'BTC', amount: '1.2', walletId: 5 });
  const [quote] = await api.rows(`SELECT status FROM otc_quote WHERE id = $1`, [DEMO_PENDING_OTC_QUOTE_ID]);
  assert.is(quote.status, 'accepted');
});

test.run();
