// Query.coinPrice through the real service (schema.graphql; docs/providers.md#staleness): the
// price of the real HTTP client against a price source served over loopback that the test
// controls, cached 30 seconds for every caller, `refresh: true` asking the source again, a price
// the source stopped updating marked stale, and the key rules of docs/identity.md#scopes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoinPriceQuote } from '../../src/providers/coin-prices/coin-prices-provider.ts';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { startCoinPricesFake } from '../support/provider-fakes/coin-prices-fake.ts';

/** The price source: what it answers is set by the tests; `down` makes it answer 503. */
const market = await startCoinPricesFake();
const recently = new Date(Date.now() - 60_000);
const quote = (symbol: string, usdPrice: string, updatedAt = recently): CoinPriceQuote => ({
  symbol,
  name: symbol === 'BTC' ? 'Bitcoin' : 'Ether',
  usdPrice,
  marketCapUsd: symbol === 'BTC' ? '1265000000000.5' : null,
  marketCapRank: symbol === 'BTC' ? 1 : null,
  updatedAt,
});

const api = await startBusinessApi({ providers: [market] });
await api.rows(`INSERT INTO coin (symbol, name, network, decimals) VALUES
  ('BTC', 'Bitcoin', 'bitcoin', 8), ('ETH', 'Ethereum', 'ethereum', 18), ('SOL', 'Solana', 'solana', 9)`);
const readerKey = await api.key({ name: 'reader', scopes: ['read'] });
const walletsKey = await api.key({ name: 'wallets', scopes: ['wallets'] });

const fields = 'symbol name usdPrice marketCapUsd rank updatedAt stale';
async function coinPrice(symbol: string, options: { refresh?: boolean; key?: CallerKey } = {}) {
  const refresh = options.refresh ? ', refresh: true' : '';
  const response = await api.graphql(
    `{ coinPrice(symbol: ${JSON.stringify(symbol)}${refresh}) { ${fields} } }`,
    undefined,
    { key: options.key ?? api.adminKey },
  );
  assert.is(response.status, 200, response.text);
  return response.body;
}

test.after(() => api.close());

test('a coin without a stored price is fetched from the source, stored, and answered', async () => {
  market.quotes.set('BTC', quote('BTC', '64250.12'));
  assert.equal(await coinPrice('btc'), {
    data: {
      coinPrice: {
        symbol: 'BTC',
        name: 'Bitcoin',
        usdPrice: '64250.12',
        // market_cap_usd is numeric(38, 2): the stored figure, to the cent.
        marketCapUsd: '1265000000000.50',
        rank: 1,
        updatedAt: recently.toISOString(),
        stale: false,
      },
    },
  });
  const rows = await api.rows(`SELECT usd_price::text FROM coin_price WHERE symbol = 'BTC'`);
  assert.equal(rows, [{ usd_price: '64250.120000000000000000' }]);
});

test('the answer is cached for every caller; refresh: true asks the source and stores the new price', async () => {
  market.quotes.set('BTC', quote('BTC', '65000', new Date(Date.now() - 1_000)));
  const asked = market.asked;
  assert.is((await coinPrice('BTC', { key: readerKey })).data.coinPrice.usdPrice, '64250.12');
  assert.is(market.asked, asked);
  const refreshed = await coinPrice('BTC', { refresh: true });
  assert.is(refreshed.data.coinPrice.usdPrice, '65000');
  assert.is(market.asked, asked + 1);
  // The refreshed result is what the cache now holds.
  assert.is((await coinPrice('BTC', { key: readerKey })).data.coinPrice.usdPrice, '65000');
});

test('a price the source last updated long ago is answered marked stale', async () => {
  market.quotes.set('ETH', quote('ETH', '3100.5', new Date('2026-01-01T00:00:00Z')));
  assert.equal((await coinPrice('ETH')).data.coinPrice, {
    symbol: 'ETH',
    name: 'Ethereum',
    usdPrice: '3100.5',
    marketCapUsd: null,
    rank: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    stale: true,
  });
});

test('unknown symbols are null; a malformed one is BAD_USER_INPUT', async () => {
  assert.equal(await coinPrice('DOGE'), { data: { coinPrice: null } });
  assert.equal(await coinPrice('SOL'), { data: { coinPrice: null } });
  const malformed = await coinPrice('B-T-C');
  assert.is(malformed.data.coinPrice, null);
  assert.is(malformed.errors[0].extensions.code, 'BAD_USER_INPUT');
  assert.is(malformed.errors[0].message, 'symbol must be 1 to 15 letters or digits, for example BTC');
});

test('the source down on refresh: SERVICE_UNAVAILABLE, and the stored price stays', async () => {
  market.down = true;
  const failed = await coinPrice('BTC', { refresh: true });
  assert.is(failed.data.coinPrice, null);
  assert.is(failed.errors[0].extensions.code, 'SERVICE_UNAVAILABLE');
  market.down = false;
  assert.is((await coinPrice('BTC')).data.coinPrice.usdPrice, '65000');
});

test('a key without the read scope is refused', async () => {
  const refused = await coinPrice('BTC', { key: walletsKey });
  assert.is(refused.errors[0].extensions.code, 'FORBIDDEN');
  assert.is(refused.errors[0].message, "this API key lacks the 'read' scope, which coinPrice needs");
});

test.run();
