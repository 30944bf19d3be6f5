// What the OTC mutation tests share (docs/trading.md): the real service on the demo data, its coin
// prices from a price source served over loopback HTTP that the test controls (so the real HTTP
// client and the real price refresh run), with the start waited for until the database holds the
// source's prices; API keys of each kind; a SQL client; a GraphQL helper. The order book port has
// no book in the service yet, so every quote here is priced from the coin prices.
import pg from 'pg';
import * as assert from 'uvu/assert';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import type { CoinPriceQuote, CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';
import { serveCoinPrices } from '../../../src/providers/coin-prices/coin-prices-simulator-server.ts';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { startTestService, type TestService } from '../../support/test-service.ts';

export const aurora = demoOrganizationIds.aurora;
export const meridian = demoOrganizationIds.meridian;

/** The USD prices the source answers; every demo coin has one. */
export const marketPrices: Record<string, string> = {
  BTC: '64000.5',
  ETH: '3200.25',
  SOL: '150',
  USDC: '1.0002',
  USDT: '0.9999',
  AVAX: '35',
};

/** The fee of the harness' services: not the default, so the tests show the setting applies. */
export const feeBps = '30';

export interface OtcHarness {
  service: TestService;
  keys: {
    /** An admin key bound to no organization, owned by the platform administrator (no member anywhere). */
    admin: string;
    /** Service keys with `trading`: Aurora's owned by demo-bob, Meridian's by demo-ivan. */
    aurora: string;
    meridian: string;
    /** Bound to Aurora, `read` only. */
    auroraReader: string;
    /** A partner key bound to Aurora holding `trading`. */
    partner: string;
  };
  /** POST /graphql; asserts HTTP 200 when a key is sent and answers the body. */
  graphql(
    key: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<any>;
  rows(query: string, values?: unknown[]): Promise<any[]>;
  /** Sets a coin's stored price now (and the source's, so a refresh keeps it). */
  setUsdPrice(symbol: string, usdPrice: string): Promise<void>;
  close(): Promise<void>;
}

export async function startOtcService(env: Record<string, string> = {}): Promise<OtcHarness> {
  const prices = { ...marketPrices };
  const updatedAt = new Date(Date.now() - 60_000);
  const source: CoinPricesProvider = {
    kind: 'simulator',
    async listPrices(symbols) {
      // The HTTP client asks in lower case, as the source's API spells symbols.
      return symbols
        .map((asked) => asked.toUpperCase())
        .flatMap((symbol): CoinPriceQuote[] => {
          const usdPrice = prices[symbol];
          return usdPrice
            ? [{ symbol, name: symbol, usdPrice, marketCapUsd: null, marketCapRank: null, updatedAt }]
            : [];
        });
    },
  };
  const sourceServer = await serveCoinPrices(source);
  const service = await startTestService({
    SEED: 'demo',
    COIN_PRICES_URL: sourceServer.url,
    OTC_FEE_BPS: feeBps,
    ...env,
  });
  const sql = new pg.Client({ connectionString: service.databaseUrl });
  await sql.connect();
  await untilStored(sql, prices);
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const key = async (
    kind: 'admin' | 'service' | 'partner',
    organizationId: string | null,
    scopes: string[],
    owner: string,
  ) => (await apiKeys.create({ name: `${kind} ${owner}`, kind, organizationId, scopes, createdBy: owner })).secret;
  const keys = {
    admin: await key('admin', null, [], 'demo-admin'),
    aurora: await key('service', aurora, ['trading'], 'demo-bob'),
    meridian: await key('service', meridian, ['trading'], 'demo-ivan'),
    auroraReader: await key('service', aurora, ['read'], 'demo-alice'),
    partner: await key('partner', aurora, ['trading'], 'demo-alice'),
  };
  return {
    service,
    keys,
    async graphql(apiKey, query, variables = {}, headers = {}) {
      const response = await service.request('POST', '/graphql', {
        headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers },
        body: { query, variables },
      });
      if (apiKey) assert.is(response.status, 200, response.text);
      return response.json();
    },
    async rows(query, values = []) {
      return (await sql.query(query, values)).rows;
    },
    async setUsdPrice(symbol, usdPrice) {
      prices[symbol] = usdPrice;
      await sql.query('UPDATE coin_price SET usd_price = $2, updated_at = now() WHERE symbol = $1', [symbol, usdPrice]);
    },
    async close() {
      await sql.end();
      await service.stop();
      await sourceServer.close();
    },
  };
}

/**
 * Waits until the price refresh the service runs at start has stored every price of the source,
 * so no test prices on the demo seed's older figures. Polls the database; the refresh reaches it
 * within moments, and ten seconds without it is a failure of the start, not a slow machine.
 */
async function untilStored(sql: pg.Client, prices: Record<string, string>): Promise<void> {
  const expected = Object.keys(prices).length;
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM coin_price p JOIN jsonb_each_text($1::jsonb) AS e(symbol, price)
         ON e.symbol = p.symbol AND p.usd_price = e.price::numeric`,
      [JSON.stringify(prices)],
    );
    if (rows[0].n === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the coin price refresh did not store the source prices');
}

/** The fields of an `OtcQuote` the tests read. */
export const quoteFields = `id organizationId requestedByUserId productId fromCurrency toCurrency side quoteSize
  exchangeRate quoteFeePerc feeAmount total status createdAt expiresAt tradeId`;

/** Requests a quote with the key; answers the payload. */
export async function requestQuote(
  harness: OtcHarness,
  key: string,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<any> {
  const body = await harness.graphql(
    key,
    `mutation ($input: RequestOtcQuoteInput!) {
      requestOtcQuote(input: $input) { success errors { code message field } quote { ${quoteFields} } }
    }`,
    { input },
    headers,
  );
  if (body.errors) return body;
  return body.data.requestOtcQuote;
}

/** A new PENDING quote (BUY 0.5 BTC with USD) of the key's organization, or of `organizationId`; its id. */
export async function newQuoteId(
  harness: OtcHarness,
  key: string,
  headers: Record<string, string> = {},
  organizationId?: string,
): Promise<string> {
  const input = { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: 0.5, organizationId };
  const payload = await requestQuote(harness, key, input, headers);
  assert.ok(payload.success, JSON.stringify(payload));
  return payload.quote.id;
}
