// The portfolio service's cache tags (src/domain/wallets/portfolio-service.ts;
// docs/caches.md#result-cache) on the demo data in PostgreSQL with the real in-process result
// cache: a cached net worth leaves when a change to any counted wallet invalidates its change tags
// (its owner's and organization's), or the coin prices change, and stays for a wallet of someone else.
import pino from 'pino';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { everyOrganization, scopeOf } from '../../../src/access/organization-scope.ts';
import { createHoldingsAggregateTable } from '../../../src/records/wallets/holdings-aggregate-table.ts';
import { createResultCache } from '../../../src/cache/create-result-cache.ts';
import type { ResultCache } from '../../../src/cache/result-cache.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { coinPriceTag } from '../../../src/domain/prices/coin-price-service.ts';
import { createPortfolioService, type PortfolioService } from '../../../src/domain/wallets/portfolio-service.ts';
import { walletChangeTags, walletOrganizationTag } from '../../../src/domain/wallets/wallet-cache-tags.ts';
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
const frankUsd = () => portfolio.netWorth(frank, everyOrganization).then((view) => view.usdValue);
let deposits = 0;
/** A deposit of USDC into the wallet, through the journal whose projection the balance is (docs/ledger.md#wallet-holdings). */
const addUsdc = (walletId: number, amount: number) =>
  sql`SELECT ledger_deposit(${walletId}, 'USDC', ${String(amount)}::numeric, ${`test:usdc-${++deposits}`})`.execute(db);

// Wallets 2 (Aurora ETH Treasury, 1,250,000 USDC) and 4 are Frank's; wallet 3 is Bob's, in Aurora too.
const wallet = (id: number, ownerUserId: string) => ({ id, ownerUserId, organizationId: aurora });

test("a change to a counted wallet or to the coin prices: the net worth is read afresh; another user's wallet leaves it", async () => {
  const first = await frankUsd();
  await addUsdc(2, 1);
  assert.is(await frankUsd(), first, 'cached');
  await results.invalidate(
    walletChangeTags(wallet(3, 'demo-bob')).filter((tag) => !tag.startsWith('wallets-of-organization:')),
  );
  assert.is(await frankUsd(), first, "Bob's wallet and Bob's aggregates only");
  await results.invalidate(walletChangeTags(wallet(2, 'demo-frank')));
  const second = await frankUsd();
  assert.is.not(second, first);
  await addUsdc(2, 1);
  await results.invalidate([coinPriceTag]);
  assert.is.not(await frankUsd(), second);
});

test("an organization's figures leave with its tag; a user's seen through a bound key with a change to the user's wallet", async () => {
  const organization = { kind: 'organization', organizationId: aurora } as const;
  const page = await portfolio.digitalAssets(organization, scopeOf(aurora), { limit: 1 });
  assert.is(page.items[0]!.symbol, 'BTC');
  await addUsdc(3, 5_000_000);
  assert.equal(await portfolio.digitalAssets(organization, scopeOf(aurora), { limit: 1 }), page);
  await results.invalidate([walletOrganizationTag(aurora)]);
  const fresh = await portfolio.digitalAssets(organization, scopeOf(aurora), { limit: 1 });
  assert.equal(
    fresh.items.map((item) => [item.symbol, item.balance]),
    [['USDC', '6335002']],
  );
  const scoped = await portfolio.netWorth(frank, scopeOf(aurora));
  await addUsdc(2, 1);
  assert.equal(await portfolio.netWorth(frank, scopeOf(aurora)), scoped);
  await results.invalidate(walletChangeTags(wallet(2, 'demo-frank')));
  assert.is.not((await portfolio.netWorth(frank, scopeOf(aurora))).usdValue, scoped.usdValue);
});

test('a wallet given to the owner counts once its change tags are invalidated', async () => {
  const before = await portfolio.netWorth(frank, everyOrganization);
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
  await sql`SELECT ledger_deposit(${id}, 'USDC', 10, 'test:joined')`.execute(db);
  assert.equal(await portfolio.netWorth(frank, everyOrganization), before, 'unannounced: cached');
  await results.invalidate(walletChangeTags({ id, ownerUserId: 'demo-frank', organizationId: meridian }));
  const joined = await portfolio.netWorth(frank, everyOrganization);
  assert.is(joined.walletCount, before.walletCount + 1);
});

test.run();
