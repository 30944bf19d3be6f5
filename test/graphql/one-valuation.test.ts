// One valuation (docs/valuation.md#one-valuation) through both APIs of the real service on the demo
// data: for each organization the data layer's sum of digital_wallet_asset.usd_value equals the
// business API's netWorthUsdByOrganizationId, as text, and each wallet's digital_wallet.usd_value
// its digitalWalletSummaryById.usdValue; after a price refresh with new prices both move to the
// same new figure at once (the refresh drops the cached valuations). The figures are worked out
// here with BigInt from the seed's balances and the prices the test sets: each holding's balance ×
// price rounded half away from zero to cents, summed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoOrganizationIds } from '../../src/db/seed/demo-organizations.ts';
import { demoWalletAssets, demoWallets } from '../../src/db/seed/demo-wallets.ts';
import { demoUsdPrices } from '../../src/db/seed/demo-market.ts';
import { asRole, dataOf, postGraphql } from '../data-layer/data-layer-client.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectData } from '../support/graphql-answer.ts';
import { startCoinPricesFake } from '../support/provider-fakes/coin-prices-fake.ts';

// A price source that knows no coin until the test gives it quotes; the demo prices are current.
const source = await startCoinPricesFake();
const api = await startBusinessApi({ seed: 'demo', providers: [source] });
await api.rows(`UPDATE coin_price SET updated_at = now()`);

test.after(() => api.close());

/** A non-negative decimal text → units at 18 places. */
function at18(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(18, '0'));
}

/** balance × price rounded half away from zero to cents (docs/valuation.md#the-rounding-rule). */
function cents(balance: string, price: string): bigint {
  const units = at18(balance) * at18(price);
  const divisor = 10n ** 34n;
  return (units % divisor) * 2n >= divisor ? units / divisor + 1n : units / divisor;
}

const centsText = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;

/** The expected USD value of the seed's holdings of the wallets `walletIds` at `prices`. */
function expected(walletIds: readonly number[], prices: Record<string, string>): string {
  const held = demoWalletAssets.filter((row) => walletIds.includes(row.wallet_id as number));
  return centsText(held.reduce((total, row) => total + cents(row.balance as string, prices[row.symbol]!), 0n));
}

const walletsOf = (organizationId: string) =>
  demoWallets.filter((wallet) => wallet.organization_id === organizationId).map((wallet) => wallet.id as number);

/** The data layer's sum of usd_value over the organization's holdings, as its organization_admin asks. */
async function dataLayerSum(organizationId: string): Promise<string> {
  const response = await postGraphql(
    api.service,
    '{ digital_wallet_asset_aggregate { aggregate { sum { usd_value } } } }',
    {
      headers: asRole('organization_admin', { 'x-data-organization-id': organizationId }),
    },
  );
  return dataOf(response).digital_wallet_asset_aggregate.aggregate.sum.usd_value;
}

/** Each wallet's usd_value in the data layer, by id. */
async function dataLayerWallets(): Promise<Map<number, string>> {
  const response = await postGraphql(api.service, '{ digital_wallet { id usd_value } }', { headers: asRole('admin') });
  return new Map(
    dataOf(response).digital_wallet.map((row: { id: number; usd_value: string }) => [row.id, row.usd_value]),
  );
}

async function netWorth(organizationId: string): Promise<string> {
  const data = expectData(
    await api.graphql(
      `query ($id: UUID!) { netWorthUsdByOrganizationId(organizationId: $id) { usdValue unpricedAssetCount } }`,
      { id: organizationId },
      { key: api.adminKey },
    ),
  );
  assert.is(data.netWorthUsdByOrganizationId.unpricedAssetCount, 0);
  return data.netWorthUsdByOrganizationId.usdValue;
}

async function walletSummary(id: number): Promise<string> {
  const data = expectData(
    await api.graphql(`{ digitalWalletSummaryById(id: ${id}) { usdValue } }`, undefined, { key: api.adminKey }),
  );
  return data.digitalWalletSummaryById.usdValue;
}

const organizations = Object.values(demoOrganizationIds);

/** Both APIs against the figures worked out here, per organization and per wallet. */
async function assertOneValuation(prices: Record<string, string>): Promise<void> {
  for (const organizationId of organizations) {
    const figure = expected(walletsOf(organizationId), prices);
    assert.is(await dataLayerSum(organizationId), figure, `data layer, organization ${organizationId}`);
    assert.is(await netWorth(organizationId), figure, `business API, organization ${organizationId}`);
  }
  const wallets = await dataLayerWallets();
  for (const wallet of demoWallets) {
    const id = wallet.id as number;
    const figure = expected([id], prices);
    assert.is(wallets.get(id), figure, `data layer, wallet ${id}`);
    assert.is(await walletSummary(id), figure, `business API, wallet ${id}`);
  }
}

test('the data layer and the business API value every organization and wallet alike, to the cent', async () => {
  await assertOneValuation(demoUsdPrices);
  assert.is(await netWorth(demoOrganizationIds.aurora), '7042942.98', 'the seed: Aurora at the demo prices');
});

test('after a price refresh with new prices both move to the same new figure at once', async () => {
  const moved: Record<string, string> = {
    BTC: '101234.567891',
    ETH: '3456.789012345',
    USDT: '0.99991',
    SOL: '201.2345',
    USDC: '0.99995',
    AVAX: '41.1234567',
  };
  for (const [symbol, usdPrice] of Object.entries(moved))
    source.quotes.set(symbol, {
      symbol,
      name: symbol,
      usdPrice,
      marketCapUsd: null,
      marketCapRank: null,
      updatedAt: new Date(),
    });
  const before = await netWorth(demoOrganizationIds.aurora);
  // The service asks the source for each coin again: the price refresh's own path (refresh: true).
  for (const symbol of Object.keys(moved)) {
    const data = expectData(
      await api.graphql(`{ coinPrice(symbol: "${symbol}", refresh: true) { usdPrice } }`, undefined, {
        key: api.adminKey,
      }),
    );
    assert.is(data.coinPrice.usdPrice, moved[symbol]);
  }
  const after = await netWorth(demoOrganizationIds.aurora);
  assert.is.not(after, before);
  await assertOneValuation(moved);
});

test('a usd_value written directly, by the data layer or plain SQL, is replaced by the holdings’ sum: both APIs agree', async () => {
  const id = demoWallets[0]!.id as number;
  const derived = await walletSummary(id);
  const written = await postGraphql(
    api.service,
    `mutation { update_digital_wallet_by_pk(pk_columns: { id: ${id} }, _set: { usd_value: "123456789.00" }) { usd_value } }`,
    { headers: asRole('admin') },
  );
  assert.equal(dataOf(written).update_digital_wallet_by_pk, { usd_value: derived });
  await api.rows(`UPDATE digital_wallet SET usd_value = 1 WHERE id = $1`, [id]);
  assert.is((await dataLayerWallets()).get(id), derived);
  assert.is(await walletSummary(id), derived);
});

test.run();
