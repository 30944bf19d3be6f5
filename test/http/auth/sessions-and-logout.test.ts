// Sessions end (docs/identity.md#sessions): DELETE /auth/session destroys the current one,
// GET /auth/logout all of the user's, and tokens issued from a session stop working with it.
// A failure to destroy is a 500 with the masked error body, and leaves the session as it was.
import { decodeJwt } from 'jose';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createSessionService } from '../../../src/domain/identity/session-service.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../../support/fake-identity-provider.ts';
import { type TestResponse, type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

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

/** A platform bearer token, each from a new session. */
async function bearerFor(userId: string): Promise<string> {
  const response = await service.request('POST', '/auth/token-exchange', {
    body: { token: await provider.sign({ sub: userId }) },
  });
  assert.is(response.status, 200, response.text);
  return response.json().token;
}

/** A browser session cookie value, as GET /auth/callback would set it. */
async function cookieFor(userId: string): Promise<string> {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  return (await sessions.create(userId, 3600)).cookieSecret;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookie = (secret: string) => ({ cookie: `platform_session=${secret}` });

function getSession(headers: Record<string, string>): Promise<TestResponse> {
  return service.request('GET', '/auth/session', { headers });
}

function assertInactive(response: TestResponse): void {
  assert.is(response.status, 401, response.text);
  const body = response.json();
  assert.is(body.success, false);
  assert.is(body.active, false);
  assert.is(body.code, 'UNAUTHENTICATED');
}

function assertClearsSessionCookie(response: TestResponse): void {
  const header = response.headers.getSetCookie().find((value) => value.startsWith('platform_session='));
  assert.ok(header, `Set-Cookie clears platform_session: ${JSON.stringify(response.headers.getSetCookie())}`);
  assert.match(header as string, /^platform_session=;/);
  assert.match(header as string, /expires=Thu, 01 Jan 1970/i);
}

test('DELETE /auth/session with a bearer → 200 {success, message}, clears the cookie, and the bearer stops working', async () => {
  const token = await bearerFor('demo-alice');
  assert.is((await getSession(bearer(token))).status, 200);
  const response = await service.request('DELETE', '/auth/session', { headers: bearer(token) });
  assert.is(response.status, 200, response.text);
  const body = response.json();
  assert.is(body.success, true);
  assert.type(body.message, 'string');
  assertClearsSessionCookie(response);
  assertInactive(await getSession(bearer(token)));
});

test('DELETE /auth/session with a session cookie ends that session', async () => {
  const secret = await cookieFor('demo-alice');
  assert.is((await getSession(cookie(secret))).status, 200);
  const response = await service.request('DELETE', '/auth/session', { headers: cookie(secret) });
  assert.is(response.status, 200, response.text);
  assertClearsSessionCookie(response);
  assertInactive(await getSession(cookie(secret)));
});

test("DELETE /auth/session leaves the user's other sessions alone", async () => {
  const ended = await bearerFor('demo-alice');
  const kept = await bearerFor('demo-alice');
  const keptCookie = await cookieFor('demo-alice');
  assert.is((await service.request('DELETE', '/auth/session', { headers: bearer(ended) })).status, 200);
  assertInactive(await getSession(bearer(ended)));
  const stillThere = await getSession(bearer(kept));
  assert.is(stillThere.status, 200, stillThere.text);
  assert.is(stillThere.json().sessionID, decodeJwt(kept).sid);
  assert.is((await getSession(cookie(keptCookie))).status, 200);
});

test('GET /auth/logout ends every session of the user (not of other users) and redirects to the provider end-session endpoint', async () => {
  const first = await bearerFor('demo-alice');
  const second = await bearerFor('demo-alice');
  const aliceCookie = await cookieFor('demo-alice');
  const grace = await bearerFor('demo-grace');
  const returnTo = `${service.url}/signed-out`;
  const response = await service.request('GET', `/auth/logout?returnTo=${encodeURIComponent(returnTo)}`, {
    headers: bearer(first),
  });
  assert.is(response.status, 302, response.text);
  const location = new URL(response.headers.get('location') as string);
  assert.is(`${location.origin}${location.pathname}`, provider.endSessionEndpoint);
  assert.is(location.searchParams.get('post_logout_redirect_uri'), returnTo);
  assert.is(location.searchParams.get('client_id'), 'platform');
  assertClearsSessionCookie(response);
  assertInactive(await getSession(bearer(first)));
  assertInactive(await getSession(bearer(second)));
  assertInactive(await getSession(cookie(aliceCookie)));
  assert.is((await getSession(bearer(grace))).status, 200, 'demo-grace keeps her session');
});

test('GET /auth/logout answers JSON {redirectUrl} for x-client-type: api (header or query) and for Accept: application/json', async () => {
  const returnTo = `${service.url}/`;
  const variants: { name: string; path: string; headers: Record<string, string> }[] = [
    {
      name: 'x-client-type header',
      path: `/auth/logout?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { 'x-client-type': 'api' },
    },
    {
      name: 'x-client-type query',
      path: `/auth/logout?x-client-type=api&returnTo=${encodeURIComponent(returnTo)}`,
      headers: {},
    },
    {
      name: 'Accept: application/json',
      path: `/auth/logout?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { accept: 'application/json' },
    },
  ];
  for (const variant of variants) {
    const token = await bearerFor('demo-alice');
    const response = await service.request('GET', variant.path, { headers: { ...variant.headers, ...bearer(token) } });
    assert.is(response.status, 200, `${variant.name}: ${response.text}`);
    const body = response.json();
    assert.equal(Object.keys(body), ['redirectUrl'], variant.name);
    const redirect = new URL(body.redirectUrl);
    assert.is(`${redirect.origin}${redirect.pathname}`, provider.endSessionEndpoint, variant.name);
    assert.is(redirect.searchParams.get('post_logout_redirect_uri'), returnTo, variant.name);
    assert.is(redirect.searchParams.get('client_id'), 'platform', variant.name);
    assert.is(response.headers.get('location'), null, variant.name);
    assertInactive(await getSession(bearer(token)));
  }
});

test('GET /auth/logout with a foreign returnTo → 400, and no session is ended', async () => {
  const token = await bearerFor('demo-alice');
  const response = await service.request(
    'GET',
    `/auth/logout?returnTo=${encodeURIComponent('https://evil.example.org/')}`,
    { headers: bearer(token) },
  );
  assert.is(response.status, 400, response.text);
  assert.is(response.json().code, 'BAD_REQUEST');
  assert.match(response.json().message, /returnTo/);
  assert.is(response.headers.get('location'), null);
  assert.is((await getSession(bearer(token))).status, 200, 'the session survives a refused logout');
});

test('GET /auth/logout without any session (or with a dead one) still redirects', async () => {
  const none = await service.request('GET', '/auth/logout');
  assert.is(none.status, 302, none.text);
  const location = new URL(none.headers.get('location') as string);
  assert.is(`${location.origin}${location.pathname}`, provider.endSessionEndpoint);
  assert.is(location.searchParams.get('post_logout_redirect_uri'), `${service.url}/`);
  const stale = await service.request('GET', '/auth/logout', { headers: cookie('a'.repeat(43)) });
  assert.is(stale.status, 302, stale.text);
});

test('a failure to destroy the session → 500 with the masked error body; nothing is half-done', async () => {
  const token = await bearerFor('demo-alice');
  const client = new pg.Client({ connectionString: service.databaseUrl });
  await client.connect();
  try {
    await client.query(`
      CREATE FUNCTION test_refuse_session_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault: auth_session rows may not be deleted'; END $$`);
    await client.query(
      'CREATE TRIGGER test_refuse_session_delete BEFORE DELETE ON auth_session FOR EACH ROW EXECUTE FUNCTION test_refuse_session_delete()',
    );
    const failed = await service.request('DELETE', '/auth/session', { headers: bearer(token) });
    assert.is(failed.status, 500, failed.text);
    const body = failed.json();
    assert.equal(
      { success: body.success, code: body.code, message: body.message },
      { success: false, code: 'INTERNAL', message: 'Internal server error' },
    );
    assert.is(body.requestId, failed.headers.get('x-request-id'));
    assert.not.match(failed.text, /injected fault|auth_session/, 'the cause is not sent');
    assert.is(
      failed.headers.getSetCookie().some((value) => value.startsWith('platform_session=')),
      false,
      'the cookie is not cleared on failure',
    );
  } finally {
    await client.query('DROP TRIGGER IF EXISTS test_refuse_session_delete ON auth_session');
    await client.query('DROP FUNCTION IF EXISTS test_refuse_session_delete()');
    await client.end();
  }
  const after = await getSession(bearer(token));
  assert.is(after.status, 200, `the session survived the failed delete: ${after.text}`);
  assert.is(after.json().sessionID, decodeJwt(token).sid);
  assert.is((await service.request('DELETE', '/auth/session', { headers: bearer(token) })).status, 200);
  assertInactive(await getSession(bearer(token)));
});

test('a provider token as bearer is no platform session: GET /auth/session → 401 active false', async () => {
  assertInactive(await getSession(bearer(await provider.sign({ sub: 'demo-alice' }))));
});

test('tokens the platform issues for other purposes (wallet, workflow SDK) are not session credentials', async () => {
  const access = await bearerFor('demo-alice');
  const wallet = await service.request('POST', '/auth/wallet-jwt', {
    headers: bearer(access),
    body: { targetPublicKey: 'k', scope: 'user' },
  });
  assert.is(wallet.status, 200, wallet.text);
  const workflow = await service.request('POST', '/auth/workflow-sdk/init-token', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { userId: 'demo-alice', organizationId: '11111111-0000-4000-8000-000000000001' },
  });
  assert.is(workflow.status, 200, workflow.text);
  for (const token of [wallet.json().token, workflow.json().token]) {
    assertInactive(await getSession(bearer(token)));
    assert.is((await service.request('DELETE', '/auth/session', { headers: bearer(token) })).status, 401);
  }
  assert.is((await getSession(bearer(access))).status, 200, 'the access token they came from still works');
});

test.run();
