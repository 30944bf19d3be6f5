// Text PostgreSQL cannot hold (a NUL character, an unpaired UTF-16 surrogate) is refused before
// any query, never answered 500 (docs/requests.md#the-router, docs/identity.md#credentials):
// in JSON bodies and parameters with 400 VALIDATION_FAILED naming the field, in a token's claims
// as an invalid credential (400 on token exchange, 401 as a bearer credential).
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../support/fake-identity-provider.ts';
import {
  type PlatformTokenForge,
  createPlatformTokenForge,
  testSigningKeySecret,
} from '../support/platform-token-forge.ts';
import { type TestResponse, type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let provider: FakeIdentityProvider;
let service: TestService;
let forge: PlatformTokenForge;

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
});

test.after(async () => {
  await forge?.close();
  await service?.stop();
  await provider?.close();
});

const nul = 'demo-\u0000alice';
const loneSurrogate = 'demo-\ud800alice';

function assertValidationFailed(response: TestResponse, details: { path: string; message: string }[]): void {
  assert.is(response.status, 400, response.text);
  const body = response.json();
  assert.is(body.code, 'VALIDATION_FAILED');
  assert.equal(body.details, details);
  assert.is(body.message, `invalid request: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`);
}

function assertError(response: TestResponse, status: number, code: string, message: string): void {
  assert.is(response.status, status, response.text);
  const body = response.json();
  assert.is(body.code, code);
  assert.is(body.message, message);
}

test('token exchange: a provider token whose sub holds NUL → 400 BAD_REQUEST, an invalid token', async () => {
  const response = await service.request('POST', '/auth/token-exchange', {
    body: { token: await provider.sign({ sub: nul }) },
  });
  assertError(response, 400, 'BAD_REQUEST', 'token claim sub contains a NUL character');
});

test('token exchange: a lone surrogate in sub, sent as the bearer input → 400 BAD_REQUEST', async () => {
  const response = await service.request('POST', '/auth/token-exchange', {
    headers: { authorization: `Bearer ${await provider.sign({ sub: loneSurrogate })}` },
  });
  assertError(response, 400, 'BAD_REQUEST', 'token claim sub contains an unpaired UTF-16 surrogate');
});

test('bearer use: a provider token whose sub holds NUL → 401 UNAUTHENTICATED', async () => {
  const response = await service.request('GET', '/auth/session', {
    headers: { authorization: `Bearer ${await provider.sign({ sub: nul })}` },
  });
  assertError(response, 401, 'UNAUTHENTICATED', 'bearer token claim sub contains a NUL character');
});

test('bearer use: a platform access token (real signing key) whose sub and sid hold NUL → 401', async () => {
  const token = await forge.issueAt(new Date(), 'access', { sub: nul, sid: 'session\u0000id' }, 300);
  const response = await service.request('POST', '/auth/wallet-jwt', {
    headers: { authorization: `Bearer ${token}` },
  });
  assertError(response, 401, 'UNAUTHENTICATED', 'bearer token claim sub contains a NUL character');
});

test('KYC SDK init token: a userId with NUL → 400 VALIDATION_FAILED naming body.userId', async () => {
  const response = await service.request('POST', '/auth/kyc-sdk/init-token', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { userId: nul },
  });
  assertValidationFailed(response, [{ path: 'body.userId', message: 'contains a NUL character' }]);
});

test('workflow SDK init token: a lone surrogate in userId → 400 VALIDATION_FAILED naming body.userId', async () => {
  const response = await service.request('POST', '/auth/workflow-sdk/init-token', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { userId: loneSurrogate, organizationId: '11111111-0000-4000-8000-000000000001' },
  });
  assertValidationFailed(response, [{ path: 'body.userId', message: 'contains an unpaired UTF-16 surrogate' }]);
});

test('a query parameter with NUL (%00) → 400 VALIDATION_FAILED naming it, before the login state is looked up', async () => {
  const response = await service.request('GET', '/auth/callback?code=abc&state=state-0123456789%00abcdef');
  assertValidationFailed(response, [{ path: 'query.state', message: 'contains a NUL character' }]);
});

test('a query parameter openapi.yaml does not declare is ignored, whatever text it holds', async () => {
  const liveness = await service.request('GET', '/healthz?%ED%A0%80=%00&x=%00');
  assert.is(liveness.status, 200);
  assert.is(liveness.text, 'ok');
  // A declared one next to it is still checked.
  const callback = await service.request('GET', '/auth/callback?code=abc&state=state-0123456789%00abcdef&%00=%00');
  assertValidationFailed(callback, [{ path: 'query.state', message: 'contains a NUL character' }]);
});

/** One raw request, since fetch and node:http refuse to send a NUL in a header. */
function rawRequest(lines: string[]): Promise<string> {
  const url = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(`${lines.join('\r\n')}\r\n\r\n`));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('an X-API-Key or a session cookie with NUL is refused by the HTTP parser (400) and never looked up', async () => {
  const apiKey = await rawRequest([
    'POST /auth/workflow-sdk/init-token HTTP/1.1',
    `Host: ${new URL(service.url).host}`,
    'X-API-Key: test-admin\u0000key',
    'Connection: close',
  ]);
  assert.match(apiKey, /^HTTP\/1\.1 400 Bad Request\r\n/);
  const cookie = await rawRequest([
    'GET /auth/session HTTP/1.1',
    `Host: ${new URL(service.url).host}`,
    'Cookie: platform_session=abc\u0000def',
    'Connection: close',
  ]);
  assert.match(cookie, /^HTTP\/1\.1 400 Bad Request\r\n/);
  assert.is((await service.request('GET', '/healthz')).status, 200);
});

test.run();
