// What the OTC mutation tests share (docs/trading.md) beside the business-API test client: a coin
// price source fake answering known prices (so the real HTTP client and price refresh run), a
// wait until the service's start has stored them, the callers of each kind as key specs, and the
// quote calls most tests make, and the KYC approval a trader needs. The order book port has no book
// in the service yet, so every quote here is priced from the coin prices.
import * as assert from 'uvu/assert';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import type { BusinessApiClient, CallerKey } from '../../support/business-api-client.ts';
import { expectBody } from '../../support/graphql-answer.ts';
import { type CoinPricesFake, startCoinPricesFake } from '../../support/provider-fakes/coin-prices-fake.ts';
import type { TestKeySpec } from '../../support/test-api-keys.ts';

export const aurora = demoOrganizationIds.aurora;
export const meridian = demoOrganizationIds.meridian;

/** The USD prices the source answers; every demo coin has one. */
export const marketPrices: Readonly<Record<string, string>> = {
  BTC: '64000.5',
  ETH: '3200.25',
  SOL: '150',
  USDC: '1.0002',
  USDT: '0.9999',
  AVAX: '35',
};

/** The fee of the OTC tests' services: not the default, so the tests show the setting applies. */
export const feeBps = '30';

export const otcCallers = {
  /** An admin key bound to no organization, owned by the platform administrator (no member anywhere). */
  admin: { kind: 'admin', owner: 'demo-admin' },
  /** Service keys with `trading`: Aurora's owned by demo-bob, Meridian's by demo-ivan. */
  aurora: { organization: aurora, scopes: ['trading'], owner: 'demo-bob' },
  meridian: { organization: meridian, scopes: ['trading'], owner: 'demo-ivan' },
  /** Bound to Aurora, `read` only. */
  auroraReader: { organization: aurora, scopes: ['read'], owner: 'demo-alice' },
  /** A partner key bound to Aurora holding `trading`. */
  partner: { kind: 'partner', organization: aurora, scopes: ['trading'], owner: 'demo-alice' },
} satisfies Record<string, TestKeySpec>;

/** When the source says its prices were last updated: a minute before the test file started. */
const updatedAt = new Date(Date.now() - 60_000);

/** The price source, answering `marketPrices`. */
export async function startOtcPriceSource(): Promise<CoinPricesFake> {
  const source = await startCoinPricesFake();
  for (const [symbol, usdPrice] of Object.entries(marketPrices)) setSourcePrice(source, symbol, usdPrice);
  return source;
}

function setSourcePrice(source: CoinPricesFake, symbol: string, usdPrice: string): void {
  source.quotes.set(symbol, { symbol, name: symbol, usdPrice, marketCapUsd: null, marketCapRank: null, updatedAt });
}

/** Sets a coin's stored price now (and the source's, so a refresh keeps it). */
export async function setUsdPrice(
  api: BusinessApiClient,
  source: CoinPricesFake,
  symbol: string,
  usdPrice: string,
): Promise<void> {
  setSourcePrice(source, symbol, usdPrice);
  await api.rows('UPDATE coin_price SET usd_price = $2, updated_at = now() WHERE symbol = $1', [symbol, usdPrice]);
}

/**
 * Waits until the price refresh the service runs at start has stored every price of the source,
 * so no test prices on the demo seed's older figures. Polls the database; the refresh reaches it
 * within moments, and ten seconds without it is a failure of the start, not a slow machine.
 */
export async function untilPricesStored(api: BusinessApiClient): Promise<void> {
  const expected = Object.keys(marketPrices).length;
  for (let attempt = 0; attempt < 500; attempt++) {
    const [{ n }] = await api.rows(
      `SELECT count(*)::int AS n FROM coin_price p JOIN jsonb_each_text($1::jsonb) AS e(symbol, price)
         ON e.symbol = p.symbol AND p.usd_price = e.price::numeric`,
      [JSON.stringify(marketPrices)],
    );
    if (n === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the coin price refresh did not store the source prices');
}

/** The fields of an `OtcQuote` the tests read. */
export const quoteFields = `id organizationId requestedByUserId productId fromCurrency toCurrency side quoteSize
  exchangeRate quoteFeePerc feeAmount total status createdAt expiresAt tradeId`;

/** Requests a quote with the key (asserting HTTP 200); answers the payload, or the body if it has errors. */
export async function requestQuote(
  api: BusinessApiClient,
  key: CallerKey,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<any> {
  const body = expectBody(
    await api.graphql(
      `mutation ($input: RequestOtcQuoteInput!) {
      requestOtcQuote(input: $input) { success errors { code message field } quote { ${quoteFields} } }
    }`,
      { input },
      { key, headers },
    ),
  );
  if (body.errors) return body;
  return body.data.requestOtcQuote;
}

/** A new PENDING quote (BUY 0.5 BTC with USD) of the key's organization, or of `organizationId`; its id. */
export async function newQuoteId(
  api: BusinessApiClient,
  key: CallerKey,
  headers: Record<string, string> = {},
  organizationId?: string,
): Promise<string> {
  const input = { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: 0.5, organizationId };
  const payload = await requestQuote(api, key, input, headers);
  assert.ok(payload.success, JSON.stringify(payload));
  return payload.quote.id;
}

/**
 * Completes the users' KYC reviews GREEN, as the provider's webhook would (docs/kyc.md#webhooks):
 * a trade needs it of its acting user (docs/trading.md#who-may-trade), and no demo trader's review
 * is (docs/demo-data.md). Every user named must have a profile.
 */
export async function approveKyc(api: BusinessApiClient, ...userIds: string[]): Promise<void> {
  const approved = await api.rows(
    `UPDATE kyc_profile SET review_status = 'completed', review_answer = 'GREEN', reject_type = NULL,
       reject_labels = '{}', updated_at = now() WHERE user_id = ANY($1) RETURNING user_id`,
    [userIds],
  );
  assert.equal(approved.map((row) => row.user_id).sort(), [...userIds].sort());
}
