// The demo's trader who can trade (docs/demo-data.md, docs/trading.md#who-may-trade): straight from
// the seed, with no review completed by the test, demo-ivan executes the demo's pending quote
// (Meridian sells 1.2 BTC), which settles from Meridian's BTC wallet; demo-alice stays awaitingUser,
// as test/graphql/otc-settlement.test.ts, which refuses her, expects. With the in-process custody
// simulator (the default), the desk moves the settled leg at the custodian too
// (docs/trading.md#at-the-custodian): a send of 1.2 BTC out of Meridian's custodian wallet naming
// the trade's leg, which a sync stores and posts nothing for, and the next reconciliation finds
// every wallet agreeing.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PENDING_OTC_QUOTE_ID } from '../../src/db/seed/demo-trading.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { eventRecorder } from '../support/event-recorder.ts';
import { custodyMutation } from './support/custody-fixtures.ts';
import { aurora, meridian } from './support/otc-fixtures.ts';

type LogLine = Record<string, any>;
const lines = eventRecorder<LogLine>();
const api = await startBusinessApi({
  seed: 'demo',
  // A reconciliation every second, so one runs after the trade; the adopted sends stay put meanwhile.
  env: { RECONCILE_INTERVAL_SECONDS: '1', CUSTODY_SIM_BROADCAST_MS: '86400000', CUSTODY_SIM_CONFIRM_MS: '86400000' },
  logDestination: new Writable({
    write(chunk, _encoding, done) {
      lines.record(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  }),
});
const keys = await api.keys({
  alice: { organization: aurora, scopes: ['trading'], owner: 'demo-alice' },
  ivan: { organization: meridian, scopes: ['trading', 'custody', 'read'], owner: 'demo-ivan' },
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

test('the desk moved the leg at the custodian: a sync stores it and posts nothing, and reconciliation agrees', async () => {
  const [trade] = await api.rows(`SELECT id FROM otc_trade WHERE quote_id = $1`, [DEMO_PENDING_OTC_QUOTE_ID]);
  const journal = () => api.rows(`SELECT id, amount::text AS amount FROM ledger_transfer ORDER BY id`);
  const before = await journal();
  const sync = await custodyMutation(api, 'sync', keys.ivan, { walletId: 5 });
  assert.ok(sync.success, JSON.stringify(sync.errors));
  assert.equal(
    await api.rows(
      `SELECT direction, state, journaled_state, amount_base_units::text AS amount FROM digital_wallet_transaction
       WHERE wallet_id = 5 AND sequence_id = $1`,
      [`otc-trade:${trade.id}:leg1`],
    ),
    [{ direction: 'send', state: 'confirmed', journaled_state: 'confirmed', amount: '120000000' }],
  );
  assert.equal(await journal(), before, 'the custodian side of a settled leg posts nothing more');
  // The second reconciliation to complete from here began after the trade and the sync.
  lines.skipSeen();
  const completed = (line: LogLine) => line.msg === 'custody reconciliation completed';
  await lines.next('a reconciliation completing', completed);
  const reconciled = await lines.next('a reconciliation begun after the sync', completed);
  assert.equal([reconciled.drifts, reconciled.unreadable], [0, 0]);
});

test.run();
