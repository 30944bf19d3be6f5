// POST /auth/token-exchange against an external OpenID Connect provider
// (docs/identity.md#identity-provider-tokens): a valid provider token becomes a platform JWT;
// every problem with the input is a 400 saying which.
import { decodeJwt } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type FakeIdentityProvider,
  generateSigningKey,
  startFakeIdentityProvider,
} from '../../support/fake-identity-provider.ts';
import { type TestResponse, type TestService, startTestService } from '../../support/test-service.ts';

let provider: FakeIdentityProvider;
let service: TestService;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  service = await startTestService({
    SEED: 'demo',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
  });
});

test.after(async () => {
  await service?.stop();
  await provider?.close();
});

function exchange(init: { body?: object; bearer?: string } = {}): Promise<TestResponse> {
  return service.request('POST', '/auth/token-exchange', {
    body: init.body,
    headers: init.bearer === undefined ? {} : { authorization: `Bearer ${init.bearer}` },
  });
}

function assertRefused(response: TestResponse, message: RegExp): void {
  assert.is(response.status, 400, response.text);
  const body = response.json();
  assert.is(body.success, false);
  assert.is(body.code, 'BAD_REQUEST', response.text);
  assert.match(body.message, message);
}

test('a valid provider token in the body → 200 {success, token} and nothing else', async () => {
  const response = await exchange({ body: { token: await provider.sign({ sub: 'demo-alice' }) } });
  assert.is(response.status, 200, response.text);
  const body = response.json();
  assert.equal(Object.keys(body).sort(), ['success', 'token']);
  assert.is(body.success, true);
  const claims = decodeJwt(body.token);
  assert.is(claims.iss, service.url);
  assert.is(claims.sub, 'demo-alice');
  assert.is(response.headers.get('cache-control'), 'no-store');
});

test('the same token as a bearer token → 200', async () => {
  const response = await exchange({ bearer: await provider.sign({ sub: 'demo-alice' }) });
  assert.is(response.status, 200, response.text);
  assert.is(decodeJwt(response.json().token).sub, 'demo-alice');
});

test('when both are sent the body wins over the bearer token', async () => {
  const grace = await provider.sign({ sub: 'demo-grace' });
  const alice = await provider.sign({ sub: 'demo-alice' });
  const withValidBearer = await exchange({ body: { token: grace }, bearer: alice });
  assert.is(withValidBearer.status, 200, withValidBearer.text);
  assert.is(decodeJwt(withValidBearer.json().token).sub, 'demo-grace');
  const withGarbageBearer = await exchange({ body: { token: grace }, bearer: 'garbage' });
  assert.is(withGarbageBearer.status, 200, withGarbageBearer.text);
  assert.is(decodeJwt(withGarbageBearer.json().token).sub, 'demo-grace');
});

test('no token at all → 400 saying it is missing', async () => {
  assertRefused(await exchange(), /missing/);
});

test('a malformed token → 400 saying malformed (in the body and as bearer)', async () => {
  assertRefused(await exchange({ body: { token: 'aaaa.bbbb.cccc' } }), /malformed/);
  assertRefused(await exchange({ bearer: 'garbage' }), /malformed/);
});

test('a body token that is not even JWT-shaped → 400 naming the token field', async () => {
  const response = await exchange({ body: { token: 'not a jwt' } });
  assert.is(response.status, 400, response.text);
  assert.match(response.json().message, /token/);
});

test('an expired provider token → 400 saying expired', async () => {
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'demo-alice' }, { expiresIn: -120 }) } }),
    /expired/,
  );
});

test('a provider token for another audience → 400 naming the audience', async () => {
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'demo-alice', aud: 'some-other-api' }) } }),
    /audience/,
  );
});

test('an access token for OIDC_AUDIENCE names the client that obtained it in azp → 200 (no ID token rule)', async () => {
  // OIDC_AUDIENCE is an API, not the client id: any client of the provider may call it, so
  // OpenID Connect Core's azp rule for ID tokens (test/http/auth/authorized-party.test.ts) does not apply.
  const token = await provider.sign({ sub: 'demo-alice', aud: ['platform-api', 'x'], azp: 'mobile-app' });
  const response = await exchange({ body: { token } });
  assert.is(response.status, 200, response.text);
  assert.is(decodeJwt(response.json().token).sub, 'demo-alice');
});

test('a token from another issuer → 400 naming the issuer', async () => {
  assertRefused(
    await exchange({
      body: { token: await provider.sign({ sub: 'demo-alice', iss: 'https://idp.evil.example.org' }) },
    }),
    /issuer/,
  );
});

test('a token signed by a key the provider JWKS does not have → 400 naming the key', async () => {
  const foreign = await generateSigningKey('not-in-the-jwks');
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'demo-alice' }, { key: foreign }) } }),
    /signed by a key the provider's JWKS does not have/,
  );
});

test('a token signed by another key under the provider key id → 400 naming the signature', async () => {
  const foreign = await generateSigningKey(provider.key.kid);
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'demo-alice' }, { key: foreign }) } }),
    /signature/i,
  );
});

test('the body wins even when its token is the bad one', async () => {
  const expired = await provider.sign({ sub: 'demo-alice' }, { expiresIn: -120 });
  assertRefused(
    await exchange({ body: { token: expired }, bearer: await provider.sign({ sub: 'demo-alice' }) }),
    /expired/,
  );
});

test('a token without exp or without sub → 400 naming the claim', async () => {
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'demo-alice', exp: undefined }) } }),
    /\bexp\b/,
  );
  assertRefused(await exchange({ body: { token: await provider.sign({}) } }), /\bsub\b/);
});

test('a token that is not valid yet (nbf in the future) → 400 saying so', async () => {
  assertRefused(
    await exchange({
      body: { token: await provider.sign({ sub: 'demo-alice', nbf: Math.floor(Date.now() / 1000) + 600 }) },
    }),
    /not valid yet/,
  );
});

test('an unsigned token (alg none) → 400', async () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'none' })}.${encode({ iss: provider.issuer, aud: provider.audience, sub: 'demo-alice', iat: now, exp: now + 300 })}.`;
  assertRefused(await exchange({ body: { token: unsigned } }), /algorithm|malformed/);
});

test('a valid token whose subject is not a platform user → 400 saying so', async () => {
  assertRefused(
    await exchange({ body: { token: await provider.sign({ sub: 'someone-else' }) } }),
    /not a known platform user/,
  );
});

test('the platform token works as a bearer on GET /auth/session, whose sessionID is its sid', async () => {
  const { token } = (await exchange({ body: { token: await provider.sign({ sub: 'demo-alice' }) } })).json();
  const response = await service.request('GET', '/auth/session', { headers: { authorization: `Bearer ${token}` } });
  assert.is(response.status, 200, response.text);
  const body = response.json();
  assert.is(body.userID, 'demo-alice');
  assert.is(body.active, true);
  assert.is(body.sessionID, decodeJwt(token).sid);
});

test('with the identity provider unreachable, token exchange and login answer 503 with Retry-After (declared in openapi.yaml)', async () => {
  const gone = await startFakeIdentityProvider({ audience: 'platform-api' });
  const token = await gone.sign({ sub: 'demo-alice' });
  await gone.close();
  const orphan = await startTestService({
    SEED: 'demo',
    OIDC_ISSUER: gone.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
  });
  try {
    for (const [method, path, body] of [
      ['POST', '/auth/token-exchange', { token }],
      ['GET', '/auth/login', undefined],
    ] as const) {
      // request() fails with a ContractViolation when openapi.yaml does not declare the status.
      const response = await orphan.request(method, path, { body });
      assert.is(response.status, 503, `${method} ${path}: ${response.text}`);
      assert.is(response.json().code, 'SERVICE_UNAVAILABLE');
      assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
    }
  } finally {
    await orphan.stop();
  }
});

test.run();
