// Who may call the business API (docs/identity.md#scopes), through the real service: admin keys
// hold every scope, a service key only the scopes it was given, partner keys none of it, and a
// refusal comes before the field runs (so NOT_IMPLEMENTED fields are guarded alike).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../src/stores/api-key-store.ts';
import { createApiKeyService } from '../../src/domain/identity/api-key-service.ts';
import type { ApiKeyKind } from '../../src/access/principal.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

const service: TestService = await startTestService();
const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });

async function key(kind: ApiKeyKind, scopes: string[]): Promise<string> {
  return (await apiKeys.create({ name: `${kind} ${scopes.join(',')}`, kind, scopes })).secret;
}

const keys = {
  admin: testAdminApiKey,
  reader: await key('service', ['read']),
  walletManager: await key('service', ['wallets']),
  scopeless: await key('service', []),
  partner: await key('partner', ['read', 'wallets']),
};

const netWorth = '{ netWorthUsdByUserId(userId: "demo-alice") { usdValue } }';
const createWallet =
  'mutation { createDigitalWallet(input: { label: "x", type: CUSTODIAL, coin: "BTC" }) { errors { code } } }';

async function codeOf(apiKey: string, query: string): Promise<string> {
  const response = await service.request('POST', '/graphql', { headers: { 'x-api-key': apiKey }, body: { query } });
  assert.is(response.status, 200, response.text);
  const body = response.json();
  return body.errors ? `${body.errors[0].extensions.code}: ${body.errors[0].message}` : 'ok';
}

test.after(() => service.stop());

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
