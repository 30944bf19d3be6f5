// The portfolio service's cache tags (src/domain/wallets/portfolio-service.ts;
// docs/architecture.md#result-cache) on the demo data in PostgreSQL with the real in-process result
// cache: a cached net worth leaves when any counted wallet's tag, the holder's tag or the coin
// prices' tag is invalidated, and stays for the tag of a wallet it did not count; a wallet that
// joined the holder without its tag being known drops the holder's entries once it is seen.
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHoldingsAggregateTable } from '../../../src/access/wallets/holdings-aggregate-table.ts';
import { createResultCache } from '../../../src/cache/create-result-cache.ts';
import type { ResultCache } from '../../../src/cache/result-cache.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { coinPriceTag } from '../../../src/domain/prices/coin-price-service.ts';
import { createPortfolioService, type PortfolioService } from '../../../src/domain/wallets/portfolio-service.ts';
import { walletOrganizationTag, walletOwnerTag, walletTag } from '../../../src/domain/wallets/wallet-cache-tags.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const aurora = '11111111-0000-4000-8000-000000000001';
const meridian = '11111111-0000-4000-8000-000000000002';
// The demo prices are as of 2026-01-01 (docs/demo-data.md); the clock stands there so they are current.
const demoNow = new Date('2026-01-01T00:00:00Z');

let database: TestDatabase;
let db: Db;
let results: ResultCache;
let portfolio: PortfolioService;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  await seedDemoData(db);
  await db.updateTable('coin_price').set({ updated_at: demoNow }).execute();
  results = await createResultCache({ logger: pino({ level: 'silent' }), maxBytes: 1 << 20 });
  portfolio = createPortfolioService({
    table: createHoldingsAggregateTable(db),
    results,
    priceMaxAgeMs: 15 * 60_000,
    now: () => demoNow,
  });
});

test.after(async () => {
  await results.close();
  await db.destroy();
  await database.drop();
});

const frank = { kind: 'user', userId: 'demo-frank' } as const;
const frankUsd = () => portfolio.netWorth(frank, null).then((view) => view.usdValue);
const addUsdc = (walletId: number, amount: number) =>
  db
    .updateTable('digital_wallet_asset')
    .set((eb) => ({ balance: eb('balance', '+', String(amount)) }))
    .where('wallet_id', '=', walletId)
    .where('symbol', '=', 'USDC')
    .execute();

test('a counted wallet, the owner or the coin prices invalidated: the net worth is read afresh', async () => {
  // Wallets 2 (Aurora ETH Treasury, 1,250,000 USDC) and 4 are Frank's; wallet 3 is Bob's.
  const first = await frankUsd();
  await addUsdc(2, 1);
  assert.is(await frankUsd(), first, 'cached');
  await results.invalidate([walletTag(3)]);
  assert.is(await frankUsd(), first, 'a wallet it did not count leaves it');
  await results.invalidate([walletTag(2)]);
  const second = await frankUsd();
  assert.is.not(second, first);
  await addUsdc(2, 1);
  await results.invalidate([walletOwnerTag('demo-frank')]);
  const third = await frankUsd();
  assert.is.not(third, second);
  await addUsdc(2, 1);
  await results.invalidate([coinPriceTag]);
  assert.is.not(await frankUsd(), third);
});

test("an organization's figures leave with its tag; a user's seen through a bound key with that organization's", async () => {
  const organization = { kind: 'organization', organizationId: aurora } as const;
  const page = await portfolio.digitalAssets(organization, aurora, { limit: 1 });
  assert.is(page.items[0]!.symbol, 'BTC');
  await addUsdc(3, 5_000_000);
  assert.equal(await portfolio.digitalAssets(organization, aurora, { limit: 1 }), page);
  await results.invalidate([walletOrganizationTag(aurora)]);
  const fresh = await portfolio.digitalAssets(organization, aurora, { limit: 1 });
  assert.equal(
    fresh.items.map((item) => [item.symbol, item.balance]),
    [['USDC', '6335003']],
  );
  const scoped = await portfolio.netWorth(frank, aurora);
  await addUsdc(2, 1);
  assert.equal(await portfolio.netWorth(frank, aurora), scoped);
  await results.invalidate([walletOrganizationTag(aurora)]);
  assert.is.not((await portfolio.netWorth(frank, aurora)).usdValue, scoped.usdValue);
});

test('a wallet that joined the owner unannounced is counted once the entry is recomputed, and then tagged', async () => {
  const before = await portfolio.netWorth(frank, null);
  // A wallet given to Frank with no invalidation of his tag: the cached figures do not know it.
  const { id } = await db
    .insertInto('digital_wallet')
    .values({
      organization_id: meridian,
      owner_user_id: 'demo-frank',
      label: 'Joined',
      coin: 'USDC',
      wallet_type: 'hot',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('digital_wallet_asset').values({ wallet_id: id, symbol: 'USDC', balance: '10' }).execute();
  assert.equal(await portfolio.netWorth(frank, null), before);
  // A change of a counted wallet recomputes the net worth, which now counts the new wallet too.
  await results.invalidate([walletTag(2)]);
  const joined = await portfolio.netWorth(frank, null);
  assert.is(joined.walletCount, before.walletCount + 1);
  // Its tag was not on that entry, so the entry was dropped: the next request tags the new wallet.
  await portfolio.netWorth(frank, null);
  await addUsdc(id, 5);
  await results.invalidate([walletTag(id)]);
  const after = await portfolio.netWorth(frank, null);
  assert.is(after.walletCount, joined.walletCount);
  assert.is.not(after.usdValue, joined.usdValue);
});

test.run();
