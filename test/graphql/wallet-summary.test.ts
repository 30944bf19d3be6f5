// Query.digitalWalletSummaryById through the real service on the demo data (schema.graphql;
// docs/identity.md#scopes): holdings valued in exact decimals at the stored coin prices, to the
// cent, checked against PostgreSQL's own numeric arithmetic; a key bound to another organization sees null; stale
// prices are left unpriced; cached per caller scope until `refresh: true`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { startCoinPricesFake } from '../support/provider-fakes/coin-prices-fake.ts';

// A price source that knows no coin: the stored prices are the ones this test writes.
const api = await startBusinessApi({ seed: 'demo', providers: [await startCoinPricesFake()] });
await api.rows(`UPDATE coin_price SET updated_at = now()`);

// A demo wallet with at least two priced holdings, and an organization it does not belong to.
const picked = await api.rows(`
  SELECT w.id, w.organization_id AS org,
    (SELECT o.id FROM organization o WHERE o.id <> w.organization_id ORDER BY o.id LIMIT 1) AS other
  FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id JOIN coin_price p ON p.symbol = a.symbol
  GROUP BY w.id HAVING count(*) >= 2 ORDER BY w.id LIMIT 1`);
const wallet = picked[0] as { id: number; org: string; other: string };

const keyOf = (organization: string | null, scopes: string[], kind: 'service' | 'partner' = 'service') =>
  api.key({ name: `summary ${kind}`, kind, organization, scopes });
const keys = {
  own: await keyOf(wallet.org, ['read']),
  other: await keyOf(wallet.other, ['read']),
  noRead: await keyOf(wallet.org, ['wallets']),
  partner: await keyOf(wallet.org, ['read'], 'partner'),
};

const fields =
  'id organizationId type status coin usdValue assets { symbol name balance value unitPriceUsd usdValue walletIds }';
async function summary(key: CallerKey | null, id = wallet.id, refresh = false) {
  const { status, body } = await api.graphql(
    `{ digitalWalletSummaryById(id: ${id}${refresh ? ', refresh: true' : ''}) { ${fields} } }`,
    undefined,
    { key },
  );
  return { status, body };
}

/** The same figures from PostgreSQL's numeric arithmetic: value per holding rounded to cents, then summed. */
async function expectedFromSql(id: number) {
  const rows = await api.rows(
    `SELECT a.symbol, round(a.balance * p.usd_price, 2)::text AS usd
     FROM digital_wallet_asset a LEFT JOIN coin_price p ON p.symbol = a.symbol AND p.updated_at > now() - interval '1 hour'
     WHERE a.wallet_id = $1`,
    [id],
  );
  const total = await api.rows(
    `SELECT coalesce(sum(round(a.balance * p.usd_price, 2)), 0)::text AS total
     FROM digital_wallet_asset a JOIN coin_price p ON p.symbol = a.symbol AND p.updated_at > now() - interval '1 hour'
     WHERE a.wallet_id = $1`,
    [id],
  );
  return { perSymbol: Object.fromEntries(rows.map((row) => [row.symbol, row.usd])), total: total[0].total as string };
}

test.after(() => api.close());

test('the wallet is valued exactly as PostgreSQL computes it, largest holding first', async () => {
  const { status, body } = await summary(api.adminKey);
  assert.is(status, 200);
  const view = body.data.digitalWalletSummaryById;
  const expected = await expectedFromSql(wallet.id);
  assert.is(view.id, wallet.id);
  assert.is(view.organizationId, wallet.org);
  assert.is(view.usdValue, expected.total);
  for (const asset of view.assets) {
    assert.is(asset.value, asset.balance);
    assert.equal(asset.walletIds, [wallet.id]);
    const fromSql = expected.perSymbol[asset.symbol];
    assert.is(asset.usdValue, fromSql ?? null, asset.symbol);
  }
  const values = view.assets
    .filter((asset: any) => asset.usdValue !== null)
    .map((asset: any) => Number(asset.usdValue));
  assert.equal(
    values,
    [...values].sort((a, b) => b - a),
  );
});

test('a key bound to the wallet organization sees it; one bound to another sees null', async () => {
  const own = await summary(keys.own);
  assert.is(own.body.data.digitalWalletSummaryById.id, wallet.id);
  assert.equal((await summary(keys.other)).body, { data: { digitalWalletSummaryById: null } });
  assert.equal((await summary(keys.own, 2_000_000)).body, { data: { digitalWalletSummaryById: null } });
});

test('partner keys, keys without read, and no key are refused', async () => {
  assert.is((await summary(keys.partner)).body.errors[0].extensions.code, 'FORBIDDEN');
  assert.is((await summary(keys.noRead)).body.errors[0].extensions.code, 'FORBIDDEN');
  const anonymous = await summary(null);
  assert.is(anonymous.status, 401);
  assert.is(anonymous.body.errors[0].extensions.code, 'UNAUTHENTICATED');
});

test('a stale price leaves its holding unpriced; the result is cached until refresh: true', async () => {
  const before = (await summary(keys.own)).body.data.digitalWalletSummaryById;
  const stale = before.assets.find((asset: any) => asset.usdValue !== null);
  // Unannounced (a write the records_changed notifications would otherwise drop the results for).
  await api.unannouncedRows(`UPDATE coin_price SET updated_at = now() - interval '30 days' WHERE symbol = $1`, [
    stale.symbol,
  ]);
  assert.equal((await summary(keys.own)).body.data.digitalWalletSummaryById, before);
  const after = (await summary(keys.own, wallet.id, true)).body.data.digitalWalletSummaryById;
  const unpriced = after.assets.find((asset: any) => asset.symbol === stale.symbol);
  assert.is(unpriced.usdValue, null);
  assert.is(unpriced.unitPriceUsd, null);
  assert.is(after.assets.at(-1).usdValue, null);
  const expected = await expectedFromSql(wallet.id);
  assert.is(after.usdValue, expected.total);
});

test('an id that is no wallet id is BAD_USER_INPUT', async () => {
  const { body } = await summary(api.adminKey, 0);
  assert.is(body.errors[0].extensions.code, 'BAD_USER_INPUT');
});

test.run();
