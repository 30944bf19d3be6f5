// Query.netWorthUsdByUserId, netWorthUsdByOrganizationId, digitalAssetsByUserId and
// digitalAssetsByOrganizationId through the real service on the demo data (schema.graphql
// NetWorth, DigitalAssetPage; docs/identity.md#scopes): holdings summed by symbol over the counted
// wallets (archived ones left out; a key bound to an organization counts only its wallets),
// valued exactly by the one rounding rule (docs/valuation.md#the-rounding-rule: each wallet's
// holding to cents, then summed) and checked against PostgreSQL's own numeric arithmetic over the
// balances and prices (not the stored usd_value); stale and missing prices unpriced and last;
// paging clamped; cached per caller scope until `refresh: true`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { startCoinPricesFake } from '../support/provider-fakes/coin-prices-fake.ts';

// A price source that knows no coin: the stored prices are the ones this test writes.
const api = await startBusinessApi({ seed: 'demo', providers: [await startCoinPricesFake()] });

const org = {
  aurora: '11111111-0000-4000-8000-000000000001',
  meridian: '11111111-0000-4000-8000-000000000002',
  northbridge: '11111111-0000-4000-8000-000000000003',
  manyCoins: '11111111-0000-4000-8000-0000000000a1',
  manyWallets: '11111111-0000-4000-8000-0000000000a2',
};

// Beside the demo wallets: AVAX's price gone stale, a coin without any price held by Aurora, an
// archived wallet of Frank's (not counted), a wallet of Frank's in Meridian (counted only for
// keys that see Meridian), an organization holding 205 coins (paging) and one with 63 wallets
// (more than a cache entry carries tags for).
await api.rows(`UPDATE coin_price SET updated_at = now()`);
await api.rows(`UPDATE coin_price SET updated_at = now() - interval '30 days' WHERE symbol = 'AVAX'`);
await api.rows(`INSERT INTO coin (symbol, name, network, decimals) VALUES ('ZZZ', 'Zeta', 'zeta', 6)`);
await api.rows(`SELECT ledger_deposit(3, 'ZZZ', 7.5, 'test:zeta')`);
const addWallet = async (organizationId: string, owner: string | null, label: string, status = 'active') =>
  (
    await api.rows(
      `INSERT INTO digital_wallet (organization_id, owner_user_id, label, coin, wallet_type, status)
       VALUES ($1, $2, $3, 'BTC', 'hot', $4) RETURNING id`,
      [organizationId, owner, label, status],
    )
  )[0].id as number;
const archived = await addWallet(org.aurora, 'demo-frank', 'Frank archived', 'archived');
await api.rows(`SELECT ledger_deposit($1, 'BTC', 1, 'test:archived')`, [archived]);
const frankAtMeridian = await addWallet(org.meridian, 'demo-frank', 'Frank at Meridian');
await api.rows(
  `SELECT ledger_deposit($1, 'SOL', 2.5, 'test:frank-sol'), ledger_deposit($1, 'USDC', 100, 'test:frank-usdc')`,
  [frankAtMeridian],
);
await api.rows(`INSERT INTO organization (id, name, slug) VALUES
  ('${org.manyCoins}', 'Many Coins Ltd', 'many-coins'), ('${org.manyWallets}', 'Many Wallets Ltd', 'many-wallets')`);
const manyCoinsWallet = await addWallet(org.manyCoins, null, 'Many coins');
await api.rows(`INSERT INTO coin (symbol, name, network, decimals)
  SELECT 'P' || lpad(n::text, 3, '0'), 'Coin ' || n, 'test', 8 FROM generate_series(1, 205) n`);
await api.rows(`INSERT INTO coin_price (symbol, usd_price, updated_at)
  SELECT 'P' || lpad(n::text, 3, '0'), n, now() FROM generate_series(1, 205) n`);
await api.rows(
  `SELECT ledger_deposit($1, 'P' || lpad(n::text, 3, '0'), 1, 'test:many-coins-' || n) FROM generate_series(1, 205) n`,
  [manyCoinsWallet],
);
for (let n = 1; n <= 63; n += 1) {
  const id = await addWallet(org.manyWallets, null, `Wallet ${n}`);
  await api.rows(`SELECT ledger_deposit($1, 'USDC', 1, 'test:many-wallets-' || $1::int)`, [id]);
}

const keyOf = (organization: string | null, scopes: string[], kind: 'service' | 'partner' = 'service') =>
  api.key({ name: `portfolio ${kind}`, kind, organization, scopes });
const keys = {
  admin: api.adminKey,
  aurora: await keyOf(org.aurora, ['read']),
  meridian: await keyOf(org.meridian, ['read']),
  northbridge: await keyOf(org.northbridge, ['read']),
  noRead: await keyOf(org.aurora, ['wallets']),
  partner: await keyOf(org.aurora, ['read'], 'partner'),
};

const netWorthFields =
  'userId organizationId usdValue asOf walletCount unpricedAssetCount breakdown { symbol usdValue sharePerc }';
const assetFields = 'name symbol balance value decimals unitPriceUsd usdValue allocationPerc priceUpdatedAt walletIds';
const pageFields = `items { ${assetFields} } totalCount limit offset hasNextPage asOf`;

/** One root field through POST /graphql; `args` is GraphQL argument text. */
async function ask(key: CallerKey | null, field: string, args: string, fields: string) {
  const { status, body } = await api.graphql(`{ ${field}(${args}) { ${fields} } }`, undefined, { key });
  return { status, body };
}
const netWorthOfUser = async (key: CallerKey, userId: string, refresh = false) =>
  (await ask(key, 'netWorthUsdByUserId', `userId: "${userId}", refresh: ${refresh}`, netWorthFields)).body.data
    .netWorthUsdByUserId;
const netWorthOfOrganization = async (key: CallerKey, organizationId: string, refresh = false) =>
  (
    await ask(
      key,
      'netWorthUsdByOrganizationId',
      `organizationId: "${organizationId}", refresh: ${refresh}`,
      netWorthFields,
    )
  ).body.data.netWorthUsdByOrganizationId;
const assetsOfOrganization = async (key: CallerKey, organizationId: string, paging = '') =>
  (await ask(key, 'digitalAssetsByOrganizationId', `organizationId: "${organizationId}" ${paging}`, pageFields)).body
    .data.digitalAssetsByOrganizationId;
const assetsOfUser = async (key: CallerKey, userId: string, paging = '') =>
  (await ask(key, 'digitalAssetsByUserId', `userId: "${userId}" ${paging}`, pageFields)).body.data
    .digitalAssetsByUserId;

// The expected figures, from PostgreSQL's numeric arithmetic over the rows: each wallet's balance ×
// price rounded to cents, summed per symbol; the totals and shares worked out here with BigInt.
interface ExpectedSymbol {
  symbol: string;
  name: string;
  decimals: number;
  balance: string;
  unitPriceUsd: string | null;
  exact: bigint | null;
  priceUpdatedAt: string | null;
  walletIds: number[];
}

/** The counted wallets: not archived, matching `where` (on `w`), within `callerOrganization` if given. */
async function expectedHoldings(where: string, param: string, callerOrganization: string | null) {
  const scope = `w.status <> 'archived' AND ${where} AND ($2::uuid IS NULL OR w.organization_id = $2)`;
  const wallets = await api.rows(`SELECT w.id FROM digital_wallet w WHERE ${scope} ORDER BY w.id`, [
    param,
    callerOrganization,
  ]);
  const rows = await api.rows(
    `SELECT a.symbol, c.name, c.decimals, trim_scale(sum(a.balance))::text AS balance,
       trim_scale(p.usd_price)::text AS price, sum(round(a.balance * p.usd_price, 2))::text AS exact, p.updated_at,
       array_agg(w.id ORDER BY w.id) AS wallet_ids
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id JOIN coin c ON c.symbol = a.symbol
       LEFT JOIN coin_price p ON p.symbol = a.symbol AND p.updated_at > now() - interval '1 hour'
     WHERE ${scope} GROUP BY a.symbol, c.name, c.decimals, p.usd_price, p.updated_at`,
    [param, callerOrganization],
  );
  const symbols: ExpectedSymbol[] = rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    balance: row.balance,
    unitPriceUsd: row.price,
    exact: row.exact === null ? null : at36(row.exact),
    priceUpdatedAt: row.updated_at?.toISOString() ?? null,
    walletIds: row.wallet_ids,
  }));
  return { walletIds: wallets.map((row) => row.id as number), symbols };
}

/** `"123.456"` → units at 36 places. */
function at36(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(36, '0'));
}

/** Units at 36 places → cents text, half away from zero (the values here are never negative). */
function centsOf(units: bigint): string {
  const divisor = 10n ** 34n;
  const cents = (units % divisor) * 2n >= divisor ? units / divisor + 1n : units / divisor;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** part / whole in percent, as the number of the quotient at 36 places. */
function shareOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  const numerator = part * 100n * 10n ** 36n;
  const quotient = (numerator % whole) * 2n >= whole ? numerator / whole + 1n : numerator / whole;
  const digits = quotient.toString().padStart(37, '0');
  return Number(`${digits.slice(0, -36)}.${digits.slice(-36)}`);
}

/** Expected items in page order: cents descending, unpriced last, then symbol. */
function expectedAssets(symbols: ExpectedSymbol[]) {
  const total = symbols.reduce((sum, entry) => sum + (entry.exact ?? 0n), 0n);
  const items = symbols.map((entry) => ({
    name: entry.name,
    symbol: entry.symbol,
    balance: entry.balance,
    value: entry.balance,
    decimals: entry.decimals,
    unitPriceUsd: entry.unitPriceUsd,
    usdValue: entry.exact === null ? null : centsOf(entry.exact),
    allocationPerc: entry.exact === null ? null : shareOf(entry.exact, total),
    priceUpdatedAt: entry.priceUpdatedAt,
    walletIds: entry.walletIds,
  }));
  const cents = (value: string | null) => (value === null ? -1n : at36(value));
  items.sort((left, right) => {
    const byValue = cents(right.usdValue) - cents(left.usdValue);
    return byValue !== 0n ? (byValue > 0n ? 1 : -1) : left.symbol < right.symbol ? -1 : 1;
  });
  return { total, items };
}

async function expectedNetWorth(
  holder: { userId: string } | { organizationId: string },
  callerOrganization: string | null,
) {
  const { walletIds, symbols } =
    'userId' in holder
      ? await expectedHoldings('w.owner_user_id = $1', holder.userId, callerOrganization)
      : await expectedHoldings('w.organization_id = $1::uuid', holder.organizationId, callerOrganization);
  const { total, items } = expectedAssets(symbols);
  return {
    userId: 'userId' in holder ? holder.userId : null,
    organizationId: 'organizationId' in holder ? holder.organizationId : null,
    usdValue: centsOf(total),
    walletCount: walletIds.length,
    unpricedAssetCount: items.filter((item) => item.usdValue === null).length,
    breakdown: items.flatMap((item) =>
      item.usdValue === null ? [] : [{ symbol: item.symbol, usdValue: item.usdValue, sharePerc: item.allocationPerc }],
    ),
  };
}

const withoutAsOf = <View extends { asOf: string }>({ asOf, ...rest }: View) => {
  assert.ok(Math.abs(Date.parse(asOf) - Date.now()) < 3_600_000, `asOf ${asOf} is a time of this run`);
  return rest;
};

test.after(() => api.close());

test("an admin key counts all of a user's wallets but the archived one, valued exactly; AVAX stale, unpriced", async () => {
  const view = withoutAsOf(await netWorthOfUser(keys.admin, 'demo-frank'));
  const expected = await expectedNetWorth({ userId: 'demo-frank' }, null);
  assert.equal(view, expected);
  assert.is(view.walletCount, 3, 'wallets 2 and 4 in Aurora, one in Meridian; the archived one left out');
  assert.is(view.unpricedAssetCount, 1);
  assert.equal(
    view.breakdown.map((item: any) => item.symbol),
    ['USDC', 'ETH', 'USDT', 'SOL'],
  );
});

test('a key bound to an organization counts only its wallets; another organization gets zero', async () => {
  assert.equal(
    withoutAsOf(await netWorthOfUser(keys.aurora, 'demo-frank')),
    await expectedNetWorth({ userId: 'demo-frank' }, org.aurora),
  );
  const meridian = withoutAsOf(await netWorthOfUser(keys.meridian, 'demo-frank'));
  assert.equal(meridian, await expectedNetWorth({ userId: 'demo-frank' }, org.meridian));
  assert.is(meridian.walletCount, 1);
  const none = {
    usdValue: '0.00',
    walletCount: 0,
    unpricedAssetCount: 0,
    breakdown: [],
  };
  assert.equal(withoutAsOf(await netWorthOfUser(keys.northbridge, 'demo-frank')), {
    userId: 'demo-frank',
    organizationId: null,
    ...none,
  });
  assert.equal(withoutAsOf(await netWorthOfOrganization(keys.meridian, org.aurora)), {
    userId: null,
    organizationId: org.aurora,
    ...none,
  });
  assert.equal(withoutAsOf(await netWorthOfUser(keys.admin, 'nobody-at-all')), {
    userId: 'nobody-at-all',
    organizationId: null,
    ...none,
  });
  const longest = 'u'.repeat(255);
  assert.equal(withoutAsOf(await netWorthOfUser(keys.admin, longest)), {
    userId: longest,
    organizationId: null,
    ...none,
  });
  const empty = { items: [], totalCount: 0, limit: 50, offset: 0, hasNextPage: false };
  assert.equal(withoutAsOf(await assetsOfOrganization(keys.meridian, org.aurora)), empty);
  assert.equal(withoutAsOf(await assetsOfUser(keys.northbridge, 'demo-frank')), empty);
});

test("an organization's net worth and assets: summed by symbol, largest first, unpriced last by symbol", async () => {
  const expected = await expectedNetWorth({ organizationId: org.aurora }, null);
  assert.equal(withoutAsOf(await netWorthOfOrganization(keys.admin, org.aurora)), expected);
  assert.is(expected.walletCount, 4);
  const page = withoutAsOf(await assetsOfOrganization(keys.aurora, org.aurora));
  const { symbols } = await expectedHoldings('w.organization_id = $1::uuid', org.aurora, org.aurora);
  const { items } = expectedAssets(symbols);
  assert.equal(page, { items, totalCount: items.length, limit: 50, offset: 0, hasNextPage: false });
  assert.equal(
    page.items.map((item: any) => [item.symbol, item.walletIds]),
    [
      ['BTC', [1]],
      ['USDC', [2, 3]],
      ['ETH', [2, 3]],
      ['USDT', [2]],
      ['AVAX', [4]],
      ['ZZZ', [3]],
    ],
  );
});

test("a user's assets through a key of the organization: only that organization's wallets", async () => {
  const page = withoutAsOf(await assetsOfUser(keys.meridian, 'demo-frank'));
  const { symbols } = await expectedHoldings('w.owner_user_id = $1', 'demo-frank', org.meridian);
  assert.equal(page, { items: expectedAssets(symbols).items, totalCount: 2, limit: 50, offset: 0, hasNextPage: false });
  assert.equal(
    page.items.map((item: any) => [item.symbol, item.balance, item.walletIds]),
    [
      ['SOL', '2.5', [frankAtMeridian]],
      ['USDC', '100', [frankAtMeridian]],
    ],
  );
});

test('partner keys, keys without read, and no key are refused on all four fields', async () => {
  const calls: [string, string, string][] = [
    ['netWorthUsdByUserId', 'userId: "demo-frank"', 'usdValue'],
    ['netWorthUsdByOrganizationId', `organizationId: "${org.aurora}"`, 'usdValue'],
    ['digitalAssetsByUserId', 'userId: "demo-frank"', 'totalCount'],
    ['digitalAssetsByOrganizationId', `organizationId: "${org.aurora}"`, 'totalCount'],
  ];
  for (const [field, args, fields] of calls) {
    assert.equal((await ask(keys.partner, field, args, fields)).body.errors[0], {
      message: 'partner API keys cannot use the business GraphQL API',
      locations: [{ line: 1, column: 3 }],
      path: [field],
      extensions: { code: 'FORBIDDEN' },
    });
    assert.is(
      (await ask(keys.noRead, field, args, fields)).body.errors[0].message,
      `this API key lacks the 'read' scope, which ${field} needs`,
    );
    const anonymous = await ask(null, field, args, fields);
    assert.is(anonymous.status, 401);
    assert.is(anonymous.body.errors[0].extensions.code, 'UNAUTHENTICATED');
  }
});

test('pages: limit defaults to 50 and is clamped to 200; the paging fields say so', async () => {
  const first = withoutAsOf(await assetsOfOrganization(keys.admin, org.manyCoins));
  assert.equal(
    { ...first, items: first.items.length },
    {
      items: 50,
      totalCount: 205,
      limit: 50,
      offset: 0,
      hasNextPage: true,
    },
  );
  assert.equal(
    first.items.slice(0, 3).map((item: any) => [item.symbol, item.usdValue]),
    [
      ['P205', '205.00'],
      ['P204', '204.00'],
      ['P203', '203.00'],
    ],
  );
  const clamped = withoutAsOf(await assetsOfOrganization(keys.admin, org.manyCoins, 'limit: 1000'));
  assert.equal(
    { ...clamped, items: clamped.items.length },
    {
      items: 200,
      totalCount: 205,
      limit: 200,
      offset: 0,
      hasNextPage: true,
    },
  );
  const last = withoutAsOf(await assetsOfOrganization(keys.admin, org.manyCoins, 'limit: 1000, offset: 200'));
  assert.equal(
    { ...last, items: last.items.map((item: any) => item.symbol) },
    {
      items: ['P005', 'P004', 'P003', 'P002', 'P001'],
      totalCount: 205,
      limit: 200,
      offset: 200,
      hasNextPage: false,
    },
  );
  const beyond = withoutAsOf(await assetsOfOrganization(keys.admin, org.manyCoins, 'limit: 10, offset: 500'));
  assert.equal(beyond, { items: [], totalCount: 205, limit: 10, offset: 500, hasNextPage: false });
});

test('a negative limit or offset is BAD_USER_INPUT naming it; so is an empty user id', async () => {
  const negativeLimit = await ask(
    keys.admin,
    'digitalAssetsByOrganizationId',
    `organizationId: "${org.aurora}", limit: -1`,
    'totalCount',
  );
  assert.equal(negativeLimit.body, {
    errors: [
      {
        message: 'limit must be a whole number of 0 or more, got -1',
        locations: [{ line: 1, column: 3 }],
        path: ['digitalAssetsByOrganizationId'],
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ],
    data: null,
  });
  const negativeOffset = await ask(
    keys.admin,
    'digitalAssetsByUserId',
    'userId: "demo-frank", offset: -5',
    'totalCount',
  );
  assert.is(negativeOffset.body.errors[0].extensions.code, 'BAD_USER_INPUT');
  assert.is(negativeOffset.body.errors[0].message, 'offset must be a whole number of 0 or more, got -5');
  const emptyUser = await ask(keys.admin, 'netWorthUsdByUserId', 'userId: ""', 'usdValue');
  assert.is(emptyUser.body.errors[0].extensions.code, 'BAD_USER_INPUT');
  assert.is(emptyUser.body.errors[0].message, 'userId must be 1 to 255 characters, got 0');
});

test('results are cached per caller scope: a changed balance shows after refresh: true, then stays', async () => {
  const before = await netWorthOfOrganization(keys.aurora, org.aurora);
  const pageBefore = await assetsOfOrganization(keys.aurora, org.aurora);
  // Unannounced (a write the records_changed notifications would otherwise drop the results for).
  await api.unannouncedRows(`SELECT ledger_deposit(1, 'BTC', 1, 'test:one-more-btc')`);
  assert.equal(await netWorthOfOrganization(keys.aurora, org.aurora), before, 'cached: the old figure, same asOf');
  assert.equal(await assetsOfOrganization(keys.aurora, org.aurora), pageBefore);
  // Another scope has its own entry: an admin key, never asked for Aurora's page, reads the new balance.
  const btcOf = (page: any) => page.items.find((item: any) => item.symbol === 'BTC').balance;
  assert.is(btcOf(pageBefore), '42.75');
  assert.is(btcOf(await assetsOfOrganization(keys.admin, org.aurora)), '43.75');
  const expected = await expectedNetWorth({ organizationId: org.aurora }, org.aurora);
  assert.is.not(expected.usdValue, before.usdValue);
  const refreshed = await netWorthOfOrganization(keys.aurora, org.aurora, true);
  assert.equal(withoutAsOf(refreshed), expected);
  assert.equal(await netWorthOfOrganization(keys.aurora, org.aurora), refreshed, 'the refresh was stored');
  const rows = await api.rows(
    `SELECT (sum(round(a.balance * p.usd_price, 2)) - $1::numeric)::text AS grown
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id JOIN coin_price p ON p.symbol = a.symbol
     WHERE w.organization_id = $2 AND w.status <> 'archived' AND p.updated_at > now() - interval '1 hour'`,
    [before.usdValue, org.aurora],
  );
  assert.is(rows[0].grown, '94250.12', 'one more BTC at 94,250.12');
});

test('a holder of many wallets is cached like any other: a direct balance change shows after refresh: true', async () => {
  const before = withoutAsOf(await netWorthOfOrganization(keys.admin, org.manyWallets));
  assert.equal(before, await expectedNetWorth({ organizationId: org.manyWallets }, null));
  assert.is(before.walletCount, 63);
  await api.unannouncedRows(
    `SELECT ledger_deposit((SELECT min(id) FROM digital_wallet WHERE organization_id = $1), 'USDC', 1, 'test:second-usdc')`,
    [org.manyWallets],
  );
  assert.equal(withoutAsOf(await netWorthOfOrganization(keys.admin, org.manyWallets)), before, 'cached');
  const refreshed = withoutAsOf(await netWorthOfOrganization(keys.admin, org.manyWallets, true));
  assert.equal(refreshed, await expectedNetWorth({ organizationId: org.manyWallets }, null));
  assert.is.not(refreshed.usdValue, before.usdValue);
});

test.run();
