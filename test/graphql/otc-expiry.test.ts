// Quote expiry through the real service (docs/trading.md#statuses) with OTC_QUOTE_TTL_SECONDS=1:
// a quote lives exactly its configured lifetime; once the database's clock (the machine's, which
// the service reads too) says it has passed, a trade is QUOTE_EXPIRED, final, with nothing
// written, storage records `expired`, and a refresh is refused the same way. The test waits for the
// database to say so, never for a guessed duration.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import {
  feeBps,
  newQuoteId,
  otcCallers,
  quoteFields,
  startOtcPriceSource,
  untilPricesStored,
} from './support/otc-fixtures.ts';

const api = await startBusinessApi({
  seed: 'demo',
  env: { OTC_FEE_BPS: feeBps, OTC_QUOTE_TTL_SECONDS: '1' },
  providers: [await startOtcPriceSource()],
});
await untilPricesStored(api);
const keys = await api.keys(otcCallers);
test.after(() => api.close());

/** Returns once the database's clock is past the quote's expiresAt. */
async function untilExpired(quoteId: string): Promise<void> {
  for (;;) {
    const [{ expired }] = await api.rows(
      'SELECT expires_at < clock_timestamp() AS expired FROM otc_quote WHERE id = $1',
      [quoteId],
    );
    if (expired) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a quote lives OTC_QUOTE_TTL_SECONDS; after that a trade and a refresh are QUOTE_EXPIRED, final', async () => {
  const quoteId = await newQuoteId(api, keys.aurora);
  const [row] = await api.rows(
    'SELECT (extract(epoch FROM expires_at - created_at) * 1000)::int AS lifetime_ms FROM otc_quote WHERE id = $1',
    [quoteId],
  );
  assert.equal(row, { lifetime_ms: 1000 });
  await untilExpired(quoteId);
  const [{ expires_at: expiresAt }] = await api.rows('SELECT expires_at FROM otc_quote WHERE id = $1', [quoteId]);
  const expired = {
    code: 'QUOTE_EXPIRED',
    message: `quote ${quoteId} expired at ${expiresAt.toISOString()}: request a new quote`,
    field: ['quoteId'],
  };
  const execute = `mutation { requestOtcTrade(input: { quoteId: "${quoteId}" }) { success errors { code message field } trade { id } } }`;
  for (let attempt = 0; attempt < 2; attempt++)
    assert.equal(expectBody(await api.graphql(execute, undefined, { key: keys.aurora })).data.requestOtcTrade, {
      success: false,
      errors: [expired],
      trade: null,
    });
  const refresh = `mutation { refreshOtcQuote(input: { quoteId: "${quoteId}" }) { success errors { code message field } quote { ${quoteFields} } } }`;
  assert.equal(expectBody(await api.graphql(refresh, undefined, { key: keys.aurora })).data.refreshOtcQuote, {
    success: false,
    errors: [expired],
    quote: null,
  });
  assert.equal(
    await api.rows(
      'SELECT q.status, count(t.id)::int AS trades FROM otc_quote q LEFT JOIN otc_trade t ON t.quote_id = q.id WHERE q.id = $1 GROUP BY q.status',
      [quoteId],
    ),
    [{ status: 'expired', trades: 0 }],
  );
});

test.run();
