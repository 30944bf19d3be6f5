// The credential matrix (docs/identity.md#status-for-each-route-and-credential): every
// authentication route × every kind of credential gives exactly the documented status. Each
// cell gets freshly made credentials, so a cell that ends sessions (delete, logout) cannot
// change another.
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createSessionService, type SessionService } from '../../../src/domain/identity/session-service.ts';
import {
  type FakeIdentityProvider,
  generateSigningKey,
  startFakeIdentityProvider,
} from '../../support/fake-identity-provider.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../../support/platform-token-forge.ts';
import { type TestResponse, type TestService, startTestService } from '../../support/test-service.ts';

const aurora = '11111111-0000-4000-8000-000000000001';

const credentials = ['none', 'wrong', 'expired', 'unknownKey', 'partner', 'otherSession', 'valid'] as const;
type Credential = (typeof credentials)[number];
type Headers = Record<string, string>;

interface Route {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: () => string;
  body?: object;
  /** The wrong credential of the kind this route accepts. */
  wrong: 'bearer' | 'apiKey' | 'cookie';
  /** Credentials other than the common ones below (exchangeToken's input is a provider token). */
  own?: Partial<Record<Credential, () => Promise<Headers>>>;
  expected: Record<Credential, number>;
  /** More than the status, for some cells. */
  check?: Partial<Record<Credential, (response: TestResponse) => string | null>>;
}

let provider: FakeIdentityProvider;
let service: TestService;
let forge: PlatformTokenForge;
let sessions: SessionService;
const keys = { partner: '', workflow: '', kyc: '' };

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  service = await startTestService({
    SEED: 'demo',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
    SIGNING_KEY_SECRET: testSigningKeySecret,
  });
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  sessions = createSessionService({ store: createSessionStore(service.db) });
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  keys.partner = (await apiKeys.create({ name: 'matrix partner', kind: 'partner', scopes: [] })).secret;
  keys.workflow = (await apiKeys.create({ name: 'matrix workflow', kind: 'service', scopes: ['workflow-sdk'] })).secret;
  keys.kyc = (await apiKeys.create({ name: 'matrix kyc', kind: 'service', scopes: ['kyc-sdk'] })).secret;
});

test.after(async () => {
  await forge?.close();
  await service?.stop();
  await provider?.close();
});

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** A platform access token for a new session of `userId`, through token exchange. */
async function platformBearer(userId: string): Promise<Headers> {
  const response = await service.request('POST', '/auth/token-exchange', {
    body: { token: await provider.sign({ sub: userId }) },
  });
  if (response.status !== 200)
    throw new Error(`token exchange for ${userId} failed: ${response.status} ${response.text}`);
  return bearer(response.json().token);
}

/** A live session of demo-alice whose token is broken in one way only. */
async function aliceSessionId(): Promise<string> {
  return (await sessions.create('demo-alice', 3600)).sessionId;
}

const common: Record<Exclude<Credential, 'wrong' | 'valid'>, () => Promise<Headers>> = {
  none: async () => ({}),
  expired: async () => bearer(await forge.expiredAccessToken('demo-alice', await aliceSessionId())),
  unknownKey: async () => bearer(await forge.unknownKeyAccessToken('demo-alice', await aliceSessionId())),
  partner: async () => ({ 'x-api-key': keys.partner }),
  otherSession: async () => ({
    cookie: `platform_session=${(await sessions.create('demo-grace', 3600)).cookieSecret}`,
  }),
};

const wrong: Record<Route['wrong'], Headers> = {
  bearer: bearer('garbage'),
  apiKey: { 'x-api-key': `wpk_0123456789ab_${'z'.repeat(43)}` },
  cookie: { cookie: `platform_session=${'b'.repeat(43)}` },
};

const userOf = (expected: string) => (response: TestResponse) =>
  response.json().userID === expected ? null : `userID ${response.json().userID}, expected ${expected}`;

const routes: Route[] = [
  {
    operationId: 'exchangeToken',
    method: 'POST',
    path: () => '/auth/token-exchange',
    wrong: 'bearer',
    own: {
      expired: async () => bearer(await provider.sign({ sub: 'demo-alice' }, { expiresIn: -120 })),
      unknownKey: async () => bearer(await provider.sign({ sub: 'demo-alice' }, { key: await generateSigningKey() })),
      valid: async () => bearer(await provider.sign({ sub: 'demo-alice' })),
    },
    expected: { none: 400, wrong: 400, expired: 400, unknownKey: 400, partner: 400, otherSession: 400, valid: 200 },
    check: {
      valid: (response) => (decodeJwt(response.json().token).sub === 'demo-alice' ? null : 'token for another subject'),
    },
  },
  {
    operationId: 'getSession',
    method: 'GET',
    path: () => '/auth/session',
    wrong: 'bearer',
    expected: { none: 401, wrong: 401, expired: 401, unknownKey: 401, partner: 401, otherSession: 200, valid: 200 },
    check: { otherSession: userOf('demo-grace'), valid: userOf('demo-alice') },
  },
  {
    operationId: 'deleteSession',
    method: 'DELETE',
    path: () => '/auth/session',
    wrong: 'bearer',
    expected: { none: 401, wrong: 401, expired: 401, unknownKey: 401, partner: 401, otherSession: 200, valid: 200 },
  },
  {
    operationId: 'logout',
    method: 'GET',
    path: () => '/auth/logout',
    wrong: 'bearer',
    expected: { none: 302, wrong: 302, expired: 302, unknownKey: 302, partner: 302, otherSession: 302, valid: 302 },
  },
  {
    operationId: 'login',
    method: 'GET',
    path: () => '/auth/login',
    wrong: 'bearer',
    expected: { none: 302, wrong: 302, expired: 302, unknownKey: 302, partner: 302, otherSession: 302, valid: 302 },
  },
  {
    operationId: 'loginCallback',
    method: 'GET',
    path: () =>
      `/auth/callback?state=${randomBytes(32).toString('base64url')}&code=${randomBytes(16).toString('base64url')}`,
    wrong: 'cookie',
    expected: { none: 400, wrong: 400, expired: 400, unknownKey: 400, partner: 400, otherSession: 400, valid: 400 },
  },
  {
    operationId: 'createWalletJwt',
    method: 'POST',
    path: () => '/auth/wallet-jwt',
    body: {
      targetPublicKey: '02a1633cafcc01ebfb6d78e39f687a1f0995c62fc95f51ead10a02ee0be551b5dc',
      scope: 'organization',
      organizationId: aurora,
    },
    wrong: 'bearer',
    expected: { none: 401, wrong: 401, expired: 401, unknownKey: 401, partner: 403, otherSession: 403, valid: 200 },
    check: {
      valid: (response) =>
        decodeJwt(response.json().token).sub === aurora ? null : 'wallet token for another subject',
    },
  },
  {
    operationId: 'createWorkflowSdkInitToken',
    method: 'POST',
    path: () => '/auth/workflow-sdk/init-token',
    body: { userId: 'demo-alice', organizationId: aurora },
    wrong: 'apiKey',
    own: { valid: async () => ({ 'x-api-key': keys.workflow }) },
    expected: { none: 401, wrong: 401, expired: 401, unknownKey: 401, partner: 403, otherSession: 401, valid: 200 },
  },
  {
    operationId: 'createKycSdkInitToken',
    method: 'POST',
    path: () => '/auth/kyc-sdk/init-token',
    body: { userId: 'demo-alice' },
    wrong: 'apiKey',
    own: { valid: async () => ({ 'x-api-key': keys.kyc }) },
    expected: { none: 401, wrong: 401, expired: 401, unknownKey: 401, partner: 403, otherSession: 401, valid: 200 },
  },
  {
    operationId: 'getOpenIdConfiguration',
    method: 'GET',
    path: () => '/.well-known/openid-configuration',
    wrong: 'bearer',
    expected: { none: 200, wrong: 200, expired: 200, unknownKey: 200, partner: 200, otherSession: 200, valid: 200 },
  },
  {
    operationId: 'getJwks',
    method: 'GET',
    path: () => '/.well-known/jwks.json',
    wrong: 'bearer',
    expected: { none: 200, wrong: 200, expired: 200, unknownKey: 200, partner: 200, otherSession: 200, valid: 200 },
  },
];

function credentialFor(route: Route, credential: Credential): Promise<Headers> {
  const own = route.own?.[credential];
  if (own) return own();
  if (credential === 'wrong') return Promise.resolve(wrong[route.wrong]);
  if (credential === 'valid') return platformBearer('demo-alice');
  return common[credential]();
}

test('every authentication route × every credential gives the documented status', async () => {
  const failures: string[] = [];
  let cells = 0;
  for (const route of routes) {
    for (const credential of credentials) {
      cells += 1;
      const cell = `${route.operationId} × ${credential}`;
      const expected = route.expected[credential];
      let response: TestResponse;
      try {
        response = await service.request(route.method, route.path(), {
          headers: await credentialFor(route, credential),
          body: route.body,
        });
      } catch (error) {
        failures.push(
          `${cell}: expected ${expected}, the request failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      if (response.status !== expected) {
        failures.push(`${cell}: expected ${expected}, got ${response.status} ${response.text.slice(0, 300)}`);
        continue;
      }
      const problem = route.check?.[credential]?.(response);
      if (problem) failures.push(`${cell}: ${expected} as expected, but ${problem}: ${response.text.slice(0, 300)}`);
    }
  }
  assert.is(cells, routes.length * credentials.length);
  assert.ok(
    failures.length === 0,
    `${failures.length} of ${cells} cells differ from the documented matrix:\n  ${failures.join('\n  ')}`,
  );
});

test('the matrix covers every authentication route of openapi.yaml', async () => {
  const { rateLimitedOperations } = await import('../../../src/composition/auth-rate-limits.ts');
  const covered = new Set(routes.map((route) => route.operationId));
  for (const operationId of [...rateLimitedOperations, 'getOpenIdConfiguration', 'getJwks'])
    assert.ok(covered.has(operationId), `${operationId} is in the matrix`);
});

test.run();
