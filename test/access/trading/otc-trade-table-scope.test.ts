// The trades of OTC quotes, found and executed within an organization scope
// (src/access/trading/otc-trade-table.ts; docs/identity.md#organization-scope) on the demo data:
// quote …01 is Aurora's and executed as trade …01, quote …04 Meridian's and pending. A scope bound
// to one organization finds and executes nothing of another's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOtcQuoteTable } from '../../../src/access/trading/otc-quote-table.ts';
import { createOtcTradeTable } from '../../../src/access/trading/otc-trade-table.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, organizations, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();
const trades = createOtcTradeTable(demo.db);
const quotes = createOtcQuoteTable(demo.db);

test.after(() => demo.close());

const auroraQuote = demoUuid('otcQuote', 1);
const meridianPending = demoUuid('otcQuote', 4);

test('the trade of a quote: the organization’s own scope and every organization, never another organization', async () => {
  const trade = await trades.findTradeOfQuote(scopes.aurora, auroraQuote);
  assert.equal([trade?.id, trade?.organizationId], [demoUuid('otcTrade', 1), organizations.aurora]);
  assert.equal(await trades.findTradeOfQuote(scopes.every, auroraQuote), trade);
  assert.is(await trades.findTradeOfQuote(scopes.meridian, auroraQuote), null);
});

test('another organization’s scope executes nothing; the quote’s own scope executes it', async () => {
  const now = new Date('2026-01-01T00:00:00Z');
  assert.is(await trades.executeQuote(scopes.aurora, meridianPending, 'demo-bob', now), null);
  assert.equal((await quotes.findQuote(scopes.every, meridianPending))?.status, 'pending');
  const trade = await trades.executeQuote(scopes.meridian, meridianPending, 'demo-ivan', now);
  assert.equal(
    [trade?.quoteId, trade?.organizationId, trade?.userId, trade?.status],
    [meridianPending, organizations.meridian, 'demo-ivan', 'pending'],
  );
  assert.equal((await quotes.findQuote(scopes.meridian, meridianPending))?.status, 'accepted');
});

test.run();
