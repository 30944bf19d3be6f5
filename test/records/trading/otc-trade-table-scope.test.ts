// The trades of OTC quotes, found and accepted within an organization scope
// (src/records/trading/otc-trade-table.ts; docs/identity.md#organization-scope) on the demo data:
// quote …01 is Aurora's and executed as trade …01, quote …04 Meridian's and pending. A scope bound
// to one organization finds and accepts nothing of another's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOtcQuoteTable } from '../../../src/records/trading/otc-quote-table.ts';
import { acceptQuote, createOtcTradeTable, insertTrade } from '../../../src/records/trading/otc-trade-table.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, organizations, scopes } from '../../access/support/demo-scopes.ts';

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

test('another organization’s scope accepts nothing; the quote’s own scope accepts it', async () => {
  const executedAt = new Date('2026-01-01T00:00:00Z');
  const execution = (userId: string) => ({
    quoteId: meridianPending,
    userId,
    executedAt,
    fromWalletId: null,
    toWalletId: null,
  });
  assert.is(await acceptQuote(demo.db, scopes.aurora, execution('demo-bob')), null);
  assert.equal((await quotes.findQuote(scopes.every, meridianPending))?.status, 'pending');
  const organizationId = await acceptQuote(demo.db, scopes.meridian, execution('demo-ivan'));
  assert.is(organizationId, organizations.meridian);
  const trade = await insertTrade(demo.db, organizationId!, execution('demo-ivan'));
  assert.equal(
    [trade?.quoteId, trade?.organizationId, trade?.userId, trade?.status],
    [meridianPending, organizations.meridian, 'demo-ivan', 'pending'],
  );
  assert.equal((await quotes.findQuote(scopes.meridian, meridianPending))?.status, 'accepted');
});

test.run();
