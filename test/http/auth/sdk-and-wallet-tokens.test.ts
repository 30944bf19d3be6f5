// Wallet JWTs and SDK init tokens (docs/identity.md#platform-tokens,
// docs/identity.md#sdk-init-tokens): who may get which token, with API keys of each kind, scope
// and organization binding, and with user sessions; KYC provider failures are a masked 500.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createSessionService } from '../../../src/domain/identity/session-service.ts';
import { type TestResponse, type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

const aurora = '11111111-0000-4000-8000-000000000001';
const meridian = '11111111-0000-4000-8000-000000000002';
const targetPublicKey = '02a1633cafcc01ebfb6d78e39f687a1f0995c62fc95f51ead10a02ee0be551b5dc';

let service: TestService;
const keys = {} as Record<
  | 'workflow'
  | 'workflowNoScope'
  | 'workflowAurora'
  | 'kyc'
  | 'kycAurora'
  | 'partner'
  | 'partnerKyc'
  | 'admin'
  | 'revoked',
  string
>;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const create = async (
    name: string,
    kind: 'admin' | 'service' | 'partner',
    scopes: string[],
    organizationId: string | null = null,
  ) => (await apiKeys.create({ name, kind, scopes, organizationId })).secret;
  keys.workflow = await create('workflow service', 'service', ['workflow-sdk']);
  keys.workflowNoScope = await create('service without scopes', 'service', []);
  keys.workflowAurora = await create('Aurora workflow', 'service', ['workflow-sdk'], aurora);
  keys.kyc = await create('kyc service', 'service', ['kyc-sdk']);
  keys.kycAurora = await create('Aurora kyc', 'service', ['kyc-sdk'], aurora);
  keys.partner = await create('partner', 'partner', []);
  keys.partnerKyc = await create('partner with kyc-sdk', 'partner', ['kyc-sdk']);
  keys.admin = await create('admin', 'admin', []);
  const revoked = await apiKeys.create({ name: 'revoked', kind: 'service', scopes: ['workflow-sdk', 'kyc-sdk'] });
  await apiKeys.revoke(revoked.key.id);
  keys.revoked = revoked.secret;
});

test.after(async () => {
  await service?.stop();
});

async function sessionCookie(userId: string): Promise<Record<string, string>> {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  return { cookie: `platform_session=${(await sessions.create(userId, 3600)).cookieSecret}` };
}

const apiKey = (secret: string) => ({ 'x-api-key': secret });

function post(path: string, headers: Record<string, string>, body: object): Promise<TestResponse> {
  return service.request('POST', path, { headers, body });
}

function assertError(response: TestResponse, status: number, code: string, message?: RegExp): void {
  assert.is(response.status, status, response.text);
  const body = response.json();
  assert.is(body.success, false);
  assert.is(body.code, code, response.text);
  if (message) assert.match(body.message, message);
}

function assertExpiringToken(response: TestResponse): { token: string; expiresAt: string } {
  assert.is(response.status, 200, response.text);
  const body = response.json();
  assert.equal(Object.keys(body).sort(), ['expiresAt', 'token']);
  assert.ok(Date.parse(body.expiresAt) > Date.now(), `expiresAt ${body.expiresAt} is in the future`);
  assert.is(response.headers.get('cache-control'), 'no-store');
  return body;
}

/** The payload of the KYC simulator's `_act-sbx-jwt-<header>.<payload>.` token. */
function simulatorPayload(token: string): Record<string, unknown> {
  assert.match(token, /^_act-sbx-jwt-[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.$/);
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'));
}

// Workflow SDK ------------------------------------------------------------------------------

const workflow = (headers: Record<string, string>, body: object = { userId: 'demo-alice', organizationId: aurora }) =>
  post('/auth/workflow-sdk/init-token', headers, body);

test('workflow: a service key with the workflow-sdk scope → 200 {token, expiresAt}', async () => {
  const { token, expiresAt } = assertExpiringToken(await workflow(apiKey(keys.workflow)));
  const claims = decodeJwt(token);
  assert.is(claims.sub, 'demo-alice');
  assert.is(claims.exp, Math.floor(Date.parse(expiresAt) / 1000));
});

test('workflow: using a key records last_used_at', async () => {
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const created = await apiKeys.create({ name: 'usage tracked', kind: 'service', scopes: ['workflow-sdk'] });
  assert.is(created.key.lastUsedAt, null);
  assertExpiringToken(await workflow(apiKey(created.secret)));
  // Written after the answer (src/domain/identity/api-key-service.ts), so wait for it, briefly.
  let lastUsedAt: Date | null = null;
  for (let attempt = 0; attempt < 40 && !lastUsedAt; attempt += 1) {
    lastUsedAt = (await apiKeys.list()).find((key) => key.id === created.key.id)?.lastUsedAt ?? null;
    if (!lastUsedAt) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(lastUsedAt, 'last_used_at is set');
});

test('workflow: an organization-bound key for its own organization → 200', async () => {
  assertExpiringToken(await workflow(apiKey(keys.workflowAurora)));
});

test('workflow: the bootstrap ADMIN_API_KEY → 200 (admin keys hold every scope)', async () => {
  assertExpiringToken(await workflow(apiKey(testAdminApiKey)));
});

test('workflow: a key without the workflow-sdk scope → 403 naming the scope', async () => {
  assertError(await workflow(apiKey(keys.workflowNoScope)), 403, 'FORBIDDEN', /workflow-sdk/);
  assertError(await workflow(apiKey(keys.kyc)), 403, 'FORBIDDEN', /workflow-sdk/);
});

test('workflow: an organization-bound key naming another organization → 403', async () => {
  assertError(
    await workflow(apiKey(keys.workflowAurora), { userId: 'demo-grace', organizationId: meridian }),
    403,
    'FORBIDDEN',
    /organization/,
  );
});

test('workflow: a user who is not in the organization → 403', async () => {
  assertError(
    await workflow(apiKey(keys.workflow), { userId: 'demo-grace', organizationId: aurora }),
    403,
    'FORBIDDEN',
    /demo-grace/,
  );
});

test('workflow: a revoked key → 403; an unknown key → 401; no key → 401', async () => {
  assertError(await workflow(apiKey(keys.revoked)), 403, 'FORBIDDEN', /revoked/);
  assertError(await workflow(apiKey(`wpk_0123456789ab_${'x'.repeat(43)}`)), 401, 'UNAUTHENTICATED');
  assertError(await workflow({}), 401, 'UNAUTHENTICATED');
});

// KYC SDK -----------------------------------------------------------------------------------

const kyc = (headers: Record<string, string>, body: object) => post('/auth/kyc-sdk/init-token', headers, body);
const serverForm = (apiToken: string, extra: object = {}) => ({
  apiToken,
  externalUserId: 'customer-4711',
  externalUserEmail: 'jane.doe@example.org',
  ttl: 1800,
  ...extra,
});

test('kyc form (a): a key with the kyc-sdk scope → 200 {token, expiresAt} in the simulator shape; levelName defaults to basic-kyc-level', async () => {
  const { token } = assertExpiringToken(await kyc(apiKey(keys.kyc), { userId: 'demo-alice' }));
  const payload = simulatorPayload(token);
  assert.is(payload.sub, 'demo-alice');
  assert.is(payload.level, 'basic-kyc-level');
  const chosen = assertExpiringToken(
    await kyc(apiKey(keys.kyc), { userId: 'demo-alice', levelName: 'enhanced-kyc-level' }),
  );
  assert.is(simulatorPayload(chosen.token).level, 'enhanced-kyc-level');
});

test('kyc form (a): refusals — no scope 403, other organization 403, revoked 403, unknown 401, none 401', async () => {
  assertError(await kyc(apiKey(keys.workflow), { userId: 'demo-alice' }), 403, 'FORBIDDEN', /kyc-sdk/);
  assertError(await kyc(apiKey(keys.kycAurora), { userId: 'demo-grace' }), 403, 'FORBIDDEN', /organization/);
  assertExpiringToken(await kyc(apiKey(keys.kycAurora), { userId: 'demo-alice' }));
  assertError(await kyc(apiKey(keys.revoked), { userId: 'demo-alice' }), 403, 'FORBIDDEN', /revoked/);
  assertError(
    await kyc(apiKey(`wpk_0123456789ab_${'x'.repeat(43)}`), { userId: 'demo-alice' }),
    401,
    'UNAUTHENTICATED',
  );
  assertError(await kyc({}, { userId: 'demo-alice' }), 401, 'UNAUTHENTICATED');
});

test('kyc form (b): apiToken in the body → 200 {token} only', async () => {
  const response = await kyc(
    {},
    serverForm(keys.kyc, {
      externalUserFirstName: 'Jane',
      externalUserLastName: 'Doe',
      currency: 'EUR',
      amount: '2500.00',
    }),
  );
  assert.is(response.status, 200, response.text);
  const body = response.json();
  assert.equal(Object.keys(body), ['token']);
  const payload = simulatorPayload(body.token);
  assert.is(payload.sub, 'customer-4711');
  const lifetime = (payload.exp as number) - Math.floor(Date.now() / 1000);
  assert.ok(lifetime > 1700 && lifetime <= 1800, `the token lives for the requested ttl (${lifetime} s left)`);
});

test('kyc form (b): an admin key and a service key with the kyc-sdk scope are onboarding credentials → 200', async () => {
  for (const apiToken of [keys.admin, keys.kyc, keys.kycAurora, testAdminApiKey]) {
    const response = await kyc({}, serverForm(apiToken));
    assert.is(response.status, 200, response.text);
    assert.equal(Object.keys(response.json()), ['token']);
  }
});

test('kyc form (b): every apiToken that is not a valid onboarding credential → 403 with one and the same body', async () => {
  const denied = {
    unknown: `wpk_0123456789ab_${'y'.repeat(43)}`,
    revoked: keys.revoked,
    'without the kyc-sdk scope': keys.workflow,
    'of a partner key, even with the kyc-sdk scope': keys.partnerKyc,
    'shorter than 16 characters': 'short-token',
    '15 characters': 'x'.repeat(15),
    empty: '',
    'of another shape': 'not-an-api-key-but-long-enough',
    'a JWT': 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    'longer than any key': 'z'.repeat(2000),
  };
  for (const [why, apiToken] of Object.entries(denied)) {
    const response = await kyc({}, serverForm(apiToken));
    assert.is(response.status, 403, `${why}: ${response.text}`);
    const body = response.json();
    assert.is(body.requestId, response.headers.get('x-request-id'));
    delete body.requestId;
    assert.equal(
      body,
      {
        success: false,
        message: 'credential denied: apiToken is not a valid onboarding credential',
        code: 'FORBIDDEN',
      },
      why,
    );
  }
});

test('kyc form (b): a missing or ill-typed apiToken is a validation failure → 400', async () => {
  const withoutToken: Record<string, unknown> = serverForm(keys.kyc);
  delete withoutToken.apiToken;
  assertError(await kyc({}, withoutToken), 400, 'VALIDATION_FAILED', /apiToken/);
  assertError(
    await kyc({}, serverForm(keys.kyc, { apiToken: 12345 })),
    400,
    'VALIDATION_FAILED',
    /body\.apiToken must be string/,
  );
  assertError(
    await kyc({}, serverForm(keys.kyc, { apiToken: null })),
    400,
    'VALIDATION_FAILED',
    /body\.apiToken must be string/,
  );
});

test('kyc: a body mixing both forms → 400 naming the problem', async () => {
  const response = await kyc(apiKey(keys.kyc), { ...serverForm(keys.kyc), userId: 'demo-alice' });
  assertError(response, 400, 'VALIDATION_FAILED', /one schema/);
  const paths = (response.json().details as { path: string }[]).map((detail) => detail.path);
  assert.ok(
    paths.includes('body.userId') && paths.includes('body.apiToken'),
    `details name the clashing fields: ${JSON.stringify(paths)}`,
  );
});

test('kyc form (b): a bad email or a ttl of 10 → 400 naming the field', async () => {
  assertError(
    await kyc({}, serverForm(keys.kyc, { externalUserEmail: 'not-an-email' })),
    400,
    'VALIDATION_FAILED',
    /body\.externalUserEmail must match format "email"/,
  );
  assertError(await kyc({}, serverForm(keys.kyc, { ttl: 10 })), 400, 'VALIDATION_FAILED', /body\.ttl must be >= 60/);
});

test('kyc: a body of another content type → 415; no body or an empty JSON body → 400 (the body is required)', async () => {
  const send = (headers: Record<string, string>, body?: string) =>
    service.request('POST', '/auth/kyc-sdk/init-token', { headers, body });
  assertError(
    await send({ 'content-type': 'text/plain' }, JSON.stringify(serverForm(keys.kyc))),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /^Unsupported content type text\/plain: the request body must be application\/json$/,
  );
  assertError(await send({}), 400, 'BAD_REQUEST', /^the request has no body: send a JSON object as application\/json$/);
  assertError(
    await send({ 'content-type': 'application/json' }, ''),
    400,
    'VALIDATION_FAILED',
    /body must match exactly one schema in oneOf/,
  );
  assertError(
    await send({ 'content-type': 'application/json' }, '{"apiToken": '),
    400,
    'BAD_REQUEST',
    /^request body is not valid JSON: send a JSON object$/,
  );
});

test('kyc: a failure at the KYC provider → 500 with the masked error body', async () => {
  const upstream = http.createServer((_request, response) => {
    response.writeHead(502, { 'Content-Type': 'text/html' });
    response.end('<html>bad gateway at upstream-kyc-7</html>');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  let failing: TestService | undefined;
  try {
    failing = await startTestService({
      SEED: 'demo',
      KYC_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      KYC_APP_TOKEN: 'test-kyc-app-token',
      KYC_SECRET_KEY: 'test-kyc-secret-key',
    });
    for (const [headers, body] of [
      [apiKey(testAdminApiKey), { userId: 'demo-alice' }],
      [{}, serverForm(testAdminApiKey)],
    ] as const) {
      const response = await failing.request('POST', '/auth/kyc-sdk/init-token', { headers, body });
      assertError(response, 500, 'INTERNAL');
      const error = response.json();
      assert.is(error.message, 'Internal server error');
      assert.is(error.requestId, response.headers.get('x-request-id'));
      assert.not.match(response.text, /bad gateway|upstream-kyc-7|KYC provider/i, 'the cause is not sent');
    }
  } finally {
    await failing?.stop();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }
});

// Wallet JWT --------------------------------------------------------------------------------

const wallet = (headers: Record<string, string>, body: object) => post('/auth/wallet-jwt', headers, body);
const nonceOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

test("wallet: alice's session, scope user → 200; nonce is the SHA-256 of targetPublicKey, sub demo-alice", async () => {
  const { token, expiresAt } = assertExpiringToken(
    await wallet(await sessionCookie('demo-alice'), { targetPublicKey, scope: 'user' }),
  );
  const claims = decodeJwt(token);
  assert.is(claims.nonce, nonceOf(targetPublicKey));
  assert.is(claims.sub, 'demo-alice');
  assert.is(claims.exp, Math.floor(Date.parse(expiresAt) / 1000));
  const other = assertExpiringToken(
    await wallet(await sessionCookie('demo-alice'), { targetPublicKey: 'another-key', scope: 'user' }),
  );
  assert.is(decodeJwt(other.token).nonce, nonceOf('another-key'));
});

test("wallet: alice's session, scope organization → 200 for Aurora (sub = the organization), 403 for Meridian", async () => {
  const cookie = await sessionCookie('demo-alice');
  const { token } = assertExpiringToken(
    await wallet(cookie, { targetPublicKey, scope: 'organization', organizationId: aurora }),
  );
  assert.is(decodeJwt(token).sub, aurora);
  assertError(
    await wallet(cookie, { targetPublicKey, scope: 'organization', organizationId: meridian }),
    403,
    'FORBIDDEN',
    new RegExp(meridian),
  );
});

test('wallet: an admin API key → 200 for any organization, 403 for scope user', async () => {
  for (const secret of [keys.admin, testAdminApiKey]) {
    const { token } = assertExpiringToken(
      await wallet(apiKey(secret), { targetPublicKey, scope: 'organization', organizationId: meridian }),
    );
    assert.is(decodeJwt(token).sub, meridian);
    assertError(await wallet(apiKey(secret), { targetPublicKey, scope: 'user' }), 403, 'FORBIDDEN');
  }
});

test('wallet: partner and service keys → 403', async () => {
  assertError(
    await wallet(apiKey(keys.partner), { targetPublicKey, scope: 'organization', organizationId: aurora }),
    403,
    'FORBIDDEN',
    /partner/,
  );
  assertError(
    await wallet(apiKey(keys.workflowAurora), { targetPublicKey, scope: 'organization', organizationId: aurora }),
    403,
    'FORBIDDEN',
    /service/,
  );
});

test('wallet: no body and no Content-Type → 200, scope user for the caller, no nonce', async () => {
  const { token, expiresAt } = assertExpiringToken(
    await service.request('POST', '/auth/wallet-jwt', { headers: await sessionCookie('demo-alice') }),
  );
  const claims = decodeJwt(token);
  assert.is(claims.sub, 'demo-alice');
  assert.is(claims.scope, 'user');
  assert.equal(claims.act, { sub: 'demo-alice' });
  assert.is('nonce' in claims, false, 'no key was named, so none is bound');
  assert.is(claims.exp, Math.floor(Date.parse(expiresAt) / 1000));
});

test('wallet: an empty body sent as application/json counts as no body → 200, scope user', async () => {
  const headers = { ...(await sessionCookie('demo-judy')), 'content-type': 'application/json' };
  const claims = decodeJwt(
    assertExpiringToken(await service.request('POST', '/auth/wallet-jwt', { headers, body: '' })).token,
  );
  assert.is(claims.sub, 'demo-judy');
  assert.is(claims.scope, 'user');
  assert.is('nonce' in claims, false);
});

test('wallet: a body that is not JSON → 400; one of another content type → 415; a JSON body of neither form → 400 naming the fields', async () => {
  const cookie = await sessionCookie('demo-alice');
  const send = (headers: Record<string, string>, body: string) =>
    service.request('POST', '/auth/wallet-jwt', { headers: { ...cookie, ...headers }, body });
  assertError(
    await send({ 'content-type': 'application/json' }, '{"scope": "user",'),
    400,
    'BAD_REQUEST',
    /^request body is not valid JSON: send a JSON object$/,
  );
  assertError(
    await send({ 'content-type': 'application/json' }, 'user'),
    400,
    'BAD_REQUEST',
    /^request body is not valid JSON: send a JSON object$/,
  );
  assertError(
    await send({ 'content-type': 'text/plain' }, 'scope=user'),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /^Unsupported content type text\/plain: the request body must be application\/json$/,
  );
  assertError(
    await send({ 'content-type': 'application/json' }, '{}'),
    400,
    'VALIDATION_FAILED',
    /body\.targetPublicKey is required/,
  );
  assertError(
    await send({ 'content-type': 'application/json' }, JSON.stringify({ scope: 'user' })),
    400,
    'VALIDATION_FAILED',
    /body\.targetPublicKey is required/,
  );
});

test('wallet: no body needs a user — an admin API key → 403, no credential → 401', async () => {
  assertError(
    await service.request('POST', '/auth/wallet-jwt', { headers: apiKey(testAdminApiKey) }),
    403,
    'FORBIDDEN',
    /needs a user session or bearer token/,
  );
  assertError(await service.request('POST', '/auth/wallet-jwt', {}), 401, 'UNAUTHENTICATED');
});

test("wallet: a platform administrator's session (demo-admin) → 200 for any organization", async () => {
  const cookie = await sessionCookie('demo-admin');
  for (const organizationId of [aurora, meridian]) {
    const { token } = assertExpiringToken(
      await wallet(cookie, { targetPublicKey, scope: 'organization', organizationId }),
    );
    assert.is(decodeJwt(token).sub, organizationId);
  }
});

test.run();
