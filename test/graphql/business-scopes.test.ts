// Who may call the business API (docs/identity.md#scopes), through the real service: admin keys
// hold every scope, a service key only the scopes it was given, partner keys none of it, and a
// refusal comes before the field runs (so NOT_IMPLEMENTED fields are guarded alike).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, type CallerKey, startBusinessApi } from '../support/business-api-client.ts';

const api: BusinessApiClient = await startBusinessApi();

const keys = {
  admin: api.adminKey,
  ...(await api.keys({
    reader: { scopes: ['read'] },
    walletManager: { scopes: ['wallets'] },
    scopeless: { scopes: [] },
    partner: { kind: 'partner', scopes: ['read', 'wallets'] },
  })),
};

const netWorth = '{ netWorthUsdByUserId(userId: "demo-alice") { usdValue } }';
const createWallet =
  'mutation { createDigitalWallet(input: { label: "x", type: CUSTODIAL, coin: "BTC" }) { errors { code } } }';

async function codeOf(apiKey: CallerKey, query: string): Promise<string> {
  const response = await api.graphql(query, undefined, { key: apiKey });
  assert.is(response.status, 200, response.text);
  const { body } = response;
  return body.errors ? `${body.errors[0].extensions.code}: ${body.errors[0].message}` : 'ok';
}

test.after(() => api.close());

test('ping needs a key that may use the business API, and no scope', async () => {
  assert.is(await codeOf(keys.admin, '{ ping }'), 'ok');
  assert.is(await codeOf(keys.scopeless, '{ ping }'), 'ok');
  assert.is(await codeOf(keys.partner, '{ ping }'), 'FORBIDDEN: partner API keys cannot use the business GraphQL API');
});

test('a query needs the read scope; admin keys hold it', async () => {
  assert.is(await codeOf(keys.admin, netWorth), 'ok');
  assert.is(await codeOf(keys.reader, netWorth), 'ok');
  assert.is(
    await codeOf(keys.walletManager, netWorth),
    "FORBIDDEN: this API key lacks the 'read' scope, which netWorthUsdByUserId needs",
  );
  assert.is(await codeOf(keys.partner, netWorth), 'FORBIDDEN: partner API keys cannot use the business GraphQL API');
});

test('a wallet mutation needs the wallets scope, which read does not give', async () => {
  // Past the scope check, the mutation asks who acts: this key has no owner and names no one.
  assert.is(
    await codeOf(keys.walletManager, createWallet),
    'FORBIDDEN: this API key has no owner to act for it: name the acting user with X-Acting-User',
  );
  assert.is(
    await codeOf(keys.reader, createWallet),
    "FORBIDDEN: this API key lacks the 'wallets' scope, which createDigitalWallet needs",
  );
  assert.is(
    await codeOf(keys.scopeless, createWallet),
    "FORBIDDEN: this API key lacks the 'wallets' scope, which createDigitalWallet needs",
  );
});

test.run();
