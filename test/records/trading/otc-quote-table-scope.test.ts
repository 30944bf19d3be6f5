// OTC quotes and the organizations quoted for, read and re-priced within an organization scope
// (src/records/trading/otc-quote-table.ts; docs/identity.md#organization-scope) on the demo data:
// quote …01 is Aurora's (accepted, trade …01), quote …04 Meridian's (pending, expires 2099). A scope
// bound to one organization reads and changes nothing of another's, exactly as for a missing quote.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scopeOf } from '../../../src/access/organization-scope.ts';
import { createOtcQuoteTable } from '../../../src/records/trading/otc-quote-table.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, organizations, scopes } from '../../access/support/demo-scopes.ts';

const demo = await demoDatabase();
const quotes = createOtcQuoteTable(demo.db);

test.after(() => demo.close());

const auroraQuote = demoUuid('otcQuote', 1);
const meridianPending = demoUuid('otcQuote', 4);

test('a quote: the organization’s own scope and every organization, never another organization', async () => {
  const quote = await quotes.findQuote(scopes.aurora, auroraQuote);
  assert.equal([quote?.organizationId, quote?.tradeId], [organizations.aurora, demoUuid('otcTrade', 1)]);
  assert.equal(await quotes.findQuote(scopes.every, auroraQuote), quote);
  assert.is(await quotes.findQuote(scopes.meridian, auroraQuote), null);
  assert.is(await quotes.findQuote(scopes.northbridge, auroraQuote), null);
});

test('an organization is in its own scope and in every organization’s, if it exists', async () => {
  const missing = demoUuid('organization', 99);
  assert.equal(
    [
      await quotes.organizationInScope(scopes.aurora, organizations.aurora),
      await quotes.organizationInScope(scopes.every, organizations.meridian),
      await quotes.organizationInScope(scopes.aurora, organizations.meridian),
      await quotes.organizationInScope(scopes.every, missing),
    ],
    [true, true, false, false],
  );
});

test('a bound scope admits its organization only as stored; every organization admits any spelling', async () => {
  const lettered = 'abcdef00-0000-4000-8000-000000000001';
  await demo.db.insertInto('organization').values({ id: lettered, name: 'Lettered Ltd', slug: 'lettered' }).execute();
  const upper = lettered.toUpperCase();
  assert.is(await quotes.organizationInScope(scopeOf(lettered), lettered), true);
  assert.is(await quotes.organizationInScope(scopeOf(lettered), upper), false);
  assert.is(await quotes.organizationInScope(scopes.every, upper), true);
});

test('a re-pricing changes a quote of the scope only', async () => {
  const price = {
    exchangeRate: '90000',
    quoteFeePerc: '0.25',
    total: '108270',
    expiresAt: new Date('2099-12-31T23:59:59Z'),
  };
  const now = new Date('2026-01-01T00:00:00Z');
  const before = await quotes.findQuote(scopes.every, meridianPending);
  assert.is(await quotes.repriceQuote(scopes.aurora, meridianPending, price, now), null);
  assert.equal(await quotes.findQuote(scopes.every, meridianPending), before);
  const repriced = await quotes.repriceQuote(scopes.meridian, meridianPending, price, now);
  assert.equal(
    [repriced?.id, repriced?.organizationId, Number(repriced?.total)],
    [meridianPending, organizations.meridian, 108_270],
  );
});

test('a new quote answers as stored, as the scope’s reader reads it back', async () => {
  const stored = await quotes.insertQuote(
    {
      organizationId: organizations.aurora,
      userId: 'demo-bob',
      productId: 'BTC-USD',
      fromCurrency: 'USD',
      toCurrency: 'BTC',
      side: 'BUY',
      quoteSize: '0.5',
      quoteFeePerc: '0.25',
      exchangeRate: '94250.12',
      total: '47242.87265',
      expiresAt: new Date('2099-12-31T23:59:59Z'),
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    null,
  );
  assert.equal(await quotes.findQuote(scopes.aurora, stored.id), stored);
  assert.is(await quotes.findQuote(scopes.meridian, stored.id), null);
});

test.run();
