// The authorized party of the identity provider's ID tokens (OpenID Connect Core 3.1.3.7,
// docs/identity.md#identity-provider-tokens): with OIDC_AUDIENCE unset, provider tokens are ID
// tokens of OIDC_CLIENT_ID, and one with several audiences must name this client in `azp`; an
// `azp` naming another party is refused even with one audience. Checked where such tokens are
// accepted: token exchange, a bearer credential, and the ID token of the browser login's callback.
import { decodeJwt, type JWTPayload } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BrowserClient } from '../../support/browser-client.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../../support/fake-identity-provider.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { type TestService, startTestService } from '../../support/test-service.ts';

const clientId = 'platform';

let provider: FakeIdentityProvider;
let service: TestService;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: clientId });
  service = await startTestService({ SEED: 'demo', OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: clientId });
});

test.after(async () => {
  await service?.stop();
  await provider?.close();
});

/** The audiences and authorized parties under test, and whether each is accepted. */
const cases: { name: string; claims: JWTPayload; refusal: string | null }[] = [
  {
    name: 'several audiences without azp',
    claims: { aud: [clientId, 'x'] },
    refusal: 'token has several audiences but no azp (authorized party) claim',
  },
  {
    name: 'several audiences, azp another party',
    claims: { aud: [clientId, 'x'], azp: 'x' },
    refusal: 'token has the wrong authorized party (azp)',
  },
  { name: 'several audiences, azp this client', claims: { aud: [clientId, 'x'], azp: clientId }, refusal: null },
  { name: 'one audience without azp', claims: { aud: clientId }, refusal: null },
  { name: 'one audience as a list without azp', claims: { aud: [clientId] }, refusal: null },
  {
    name: 'one audience, azp another party',
    claims: { aud: clientId, azp: 'x' },
    refusal: 'token has the wrong authorized party (azp)',
  },
];

for (const { name, claims, refusal } of cases) {
  test(`token exchange, ${name} → ${refusal ? '400' : '200'}`, async () => {
    const response = await service.request('POST', '/auth/token-exchange', {
      body: { token: await provider.sign({ sub: 'demo-alice', ...claims }) },
    });
    if (refusal === null) {
      assert.is(response.status, 200, response.text);
      assert.is(decodeJwt(response.json().token).sub, 'demo-alice');
      return;
    }
    assert.is(response.status, 400, response.text);
    const { requestId, ...body } = response.json();
    assert.is(requestId, response.headers.get('x-request-id'));
    assert.equal(body, { success: false, message: refusal, code: 'BAD_REQUEST' });
  });

  test(`bearer credential, ${name} → ${refusal ? '401' : '200'}`, async () => {
    const response = await service.request('POST', '/auth/wallet-jwt', {
      headers: { authorization: `Bearer ${await provider.sign({ sub: 'demo-alice', ...claims })}` },
    });
    if (refusal === null) {
      assert.is(response.status, 200, response.text);
      assert.is(decodeJwt(response.json().token).sub, 'demo-alice');
      return;
    }
    assert.is(response.status, 401, response.text);
    const { requestId, ...body } = response.json();
    assert.is(requestId, response.headers.get('x-request-id'));
    assert.equal(body, { success: false, message: `bearer ${refusal}`, code: 'UNAUTHENTICATED' });
  });
}

/** A browser login whose ID token carries `claims`; the answer of /auth/callback. */
async function loginWithIdToken(claims: JWTPayload & { sub: string }): Promise<{ response: Response; text: string }> {
  const browser = new BrowserClient();
  provider.nextLogin(claims);
  const start = await browser.fetch(`${service.url}/auth/login`);
  assert.is(start.status, 302);
  const authorization = await browser.fetch(start.headers.get('location') as string);
  assert.is(authorization.status, 302);
  const callback = new URL(authorization.headers.get('location') as string);
  assert.is(`${callback.origin}${callback.pathname}`, `${service.url}/auth/callback`);
  const response = await browser.fetch(callback);
  const text = await response.text();
  assertMatchesContract('GET', callback.pathname, response.status, response.headers.get('content-type'), text);
  return { response, text };
}

/**
 * The callback names no failed claim: openid-client's refusal of any claim comparison (nonce,
 * audience, azp with several audiences), and ours of a single audience's azp, read alike.
 */
const claimRefused = 'the authorization code could not be redeemed: unexpected JWT claim value encountered';

const idTokenCases: { name: string; claims: JWTPayload; refusal: string | null }[] = [
  {
    name: 'several audiences without azp',
    claims: { aud: [clientId, 'x'] },
    refusal: claimRefused,
  },
  {
    name: 'several audiences, azp another party',
    claims: { aud: [clientId, 'x'], azp: 'x' },
    refusal: claimRefused,
  },
  { name: 'several audiences, azp this client', claims: { aud: [clientId, 'x'], azp: clientId }, refusal: null },
  { name: 'one audience without azp', claims: {}, refusal: null },
  {
    name: 'one audience, azp another party',
    claims: { azp: 'x' },
    refusal: claimRefused,
  },
];

for (const { name, claims, refusal } of idTokenCases) {
  test(`login callback, ID token with ${name} → ${refusal ? '400' : '302 with a session'}`, async () => {
    const { response, text } = await loginWithIdToken({ sub: 'demo-alice', ...claims });
    if (refusal === null) {
      assert.is(response.status, 302, text);
      assert.is(response.headers.get('location'), `${service.url}/`);
      assert.ok(
        response.headers.getSetCookie().some((cookie) => cookie.startsWith('platform_session=')),
        'session cookie set',
      );
      return;
    }
    assert.is(response.status, 400, text);
    const { requestId, ...body } = JSON.parse(text);
    assert.is(requestId, response.headers.get('x-request-id'));
    assert.equal(body, { success: false, message: refusal, code: 'BAD_REQUEST' });
  });
}

test.run();
