// Browser login against the built-in development provider (docs/identity.md#browser-login): a
// browser-style client follows the redirect chain of /auth/login and ends with a working
// session cookie; a callback works once, in the browser that started the login.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BrowserClient } from '../../support/browser-client.ts';
import { submitDevLogin } from '../../support/dev-provider-login.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { type TestService, startTestService } from '../../support/test-service.ts';

const aurora = '11111111-0000-4000-8000-000000000001';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

test.after(async () => {
  await service?.stop();
});

/** A browser request whose answer is also checked against openapi.yaml. */
async function browserFetch(browser: BrowserClient, url: string | URL): Promise<{ response: Response; text: string }> {
  const response = await browser.fetch(url);
  const text = await response.text();
  const target = new URL(url);
  if (target.origin === service.url && !target.pathname.startsWith('/dev-oidc')) {
    assertMatchesContract('GET', target.pathname, response.status, response.headers.get('content-type'), text);
  }
  return { response, text };
}

function setCookie(headers: Headers, name: string): string {
  const header = headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  assert.ok(header, `Set-Cookie ${name} in ${JSON.stringify(headers.getSetCookie())}`);
  return header as string;
}

function attributes(header: string): string[] {
  return header
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

/** Starts a login in `browser` and signs in at the dev provider; the callback URL, not yet requested. */
async function loginUpToCallback(
  browser: BrowserClient,
  userId: string,
  returnTo = `${service.url}/portfolio`,
): Promise<URL> {
  const { response } = await browserFetch(
    browser,
    `${service.url}/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
  );
  assert.is(response.status, 302);
  return submitDevLogin(browser, response.headers.get('location') as string, userId);
}

test('GET /auth/login redirects to the provider with PKCE S256, state and nonce, and binds the attempt with an HttpOnly cookie', async () => {
  const response = await service.request(
    'GET',
    `/auth/login?returnTo=${encodeURIComponent(`${service.url}/portfolio`)}`,
  );
  assert.is(response.status, 302, response.text);
  const location = new URL(response.headers.get('location') as string);
  assert.is(`${location.origin}${location.pathname}`, `${service.url}/dev-oidc/auth`);
  const query = location.searchParams;
  assert.is(query.get('response_type'), 'code');
  assert.is(query.get('code_challenge_method'), 'S256');
  assert.match(query.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
  assert.match(query.get('state') ?? '', /^[A-Za-z0-9_-]{16,}$/);
  assert.match(query.get('nonce') ?? '', /^[A-Za-z0-9_-]{16,}$/);
  assert.is(query.get('redirect_uri'), `${service.url}/auth/callback`);
  assert.ok(query.get('scope')?.split(' ').includes('openid'), 'scope openid');
  assert.is(response.headers.get('cache-control'), 'no-store');
  const cookie = setCookie(response.headers, 'platform_login');
  assert.ok(attributes(cookie).includes('httponly'), cookie);
  assert.ok(attributes(cookie).includes('path=/auth/callback'), `sent to the callback only: ${cookie}`);
  assert.not.match(cookie, /platform_login=;/, 'a value is set');
});

test('the whole chain: login, dev provider sign-in as demo-alice, callback sets the session cookie and returns to returnTo', async () => {
  const browser = new BrowserClient();
  const callback = await loginUpToCallback(browser, 'demo-alice');
  assert.is(`${callback.origin}${callback.pathname}`, `${service.url}/auth/callback`);
  assert.ok(callback.searchParams.get('code'), `code in ${callback.href}`);

  const { response } = await browserFetch(browser, callback);
  assert.is(response.status, 302);
  assert.is(response.headers.get('location'), `${service.url}/portfolio`);
  const cookie = setCookie(response.headers, 'platform_session');
  const flags = attributes(cookie);
  assert.ok(flags.includes('httponly'), `HttpOnly: ${cookie}`);
  assert.ok(flags.includes('samesite=lax'), `SameSite=Lax: ${cookie}`);
  assert.ok(flags.includes('path=/'), `Path=/: ${cookie}`);
  assert.not.ok(flags.includes('secure'), `not Secure on http: ${cookie}`);
  assert.ok(
    browser.allCookies().every((stored) => stored.name !== 'platform_login'),
    'the login-binding cookie is cleared once used',
  );

  const session = await service.request('GET', '/auth/session', {
    headers: { cookie: browser.cookieHeader(`${service.url}/auth/session`) },
  });
  assert.is(session.status, 200, session.text);
  const body = session.json();
  assert.is(body.success, true);
  assert.is(body.userID, 'demo-alice');
  assert.is(body.active, true);
  assert.ok(
    body.allowedOrganizations.includes(aurora),
    `allowedOrganizations ${JSON.stringify(body.allowedOrganizations)}`,
  );
  assert.type(body.sessionID, 'string');
  assert.not.ok(cookie.includes(body.sessionID), 'the session id is not the cookie secret');
});

test('logging out of the browser session ends it and sends the browser to the dev provider end-session page', async () => {
  const browser = new BrowserClient();
  assert.is((await browserFetch(browser, await loginUpToCallback(browser, 'demo-alice'))).response.status, 302);
  const sessionHeader = { cookie: browser.cookieHeader(`${service.url}/auth/session`) };
  assert.is((await service.request('GET', '/auth/session', { headers: sessionHeader })).status, 200);

  const returnTo = `${service.url}/signed-out`;
  const { response } = await browserFetch(
    browser,
    `${service.url}/auth/logout?returnTo=${encodeURIComponent(returnTo)}`,
  );
  assert.is(response.status, 302);
  const location = new URL(response.headers.get('location') as string);
  assert.ok(location.pathname.startsWith('/dev-oidc/'), `to the dev provider: ${location.href}`);
  assert.is(location.searchParams.get('post_logout_redirect_uri'), returnTo);
  assert.is(
    browser.allCookies().some((stored) => stored.name === 'platform_session'),
    false,
    'the session cookie is cleared',
  );
  const endSession = await browser.follow(location);
  assert.is(endSession.response?.status, 200, `the provider accepts the end-session request: ${endSession.url.href}`);
  assert.is(
    (await service.request('GET', '/auth/session', { headers: sessionHeader })).status,
    401,
    'the session is gone server-side',
  );
});

test('replaying a callback URL that was already used is a 400: its state is spent', async () => {
  const browser = new BrowserClient();
  const callback = await loginUpToCallback(browser, 'demo-alice');
  const first = await browserFetch(browser, callback);
  assert.is(first.response.status, 302);
  const replay = await browserFetch(browser, callback);
  assert.is(replay.response.status, 400, replay.text);
  const body = JSON.parse(replay.text);
  assert.is(body.code, 'BAD_REQUEST');
  assert.match(body.message, /state/i);
  assert.is(
    replay.response.headers
      .getSetCookie()
      .some((value) => value.startsWith('platform_session=') && !value.startsWith('platform_session=;')),
    false,
    'no session for a replay',
  );
});

test('a callback URL taken to another browser (no login cookie) is a 400 that says so', async () => {
  const browser = new BrowserClient();
  const callback = await loginUpToCallback(browser, 'demo-alice');
  const otherBrowser = new BrowserClient();
  const { response, text } = await browserFetch(otherBrowser, callback);
  assert.is(response.status, 400, text);
  const body = JSON.parse(text);
  assert.is(body.code, 'BAD_REQUEST');
  assert.match(body.message, /another browser/);
  assert.is(
    otherBrowser.allCookies().some((cookie) => cookie.name === 'platform_session'),
    false,
    'no session cookie',
  );
});

test('returnTo on a foreign origin is a 400 and starts no login', async () => {
  const response = await service.request(
    'GET',
    `/auth/login?returnTo=${encodeURIComponent('https://evil.example.org/phish')}`,
  );
  assert.is(response.status, 400, response.text);
  const body = response.json();
  assert.is(body.code, 'BAD_REQUEST');
  assert.match(body.message, /returnTo/);
  assert.is(response.headers.get('location'), null);
  assert.is(
    response.headers.getSetCookie().some((value) => value.startsWith('platform_login=')),
    false,
    'no login cookie',
  );
});

test('a callback with the right state and browser but a forged code → 400 saying the code could not be redeemed', async () => {
  const browser = new BrowserClient();
  const { response } = await browserFetch(browser, `${service.url}/auth/login`);
  const state = new URL(response.headers.get('location') as string).searchParams.get('state') as string;
  const query = new URLSearchParams({ code: 'forged-authorization-code', state, iss: `${service.url}/dev-oidc` });
  const forged = await browserFetch(browser, `${service.url}/auth/callback?${query}`);
  assert.is(forged.response.status, 400, forged.text);
  assert.match(JSON.parse(forged.text).message, /could not be redeemed/);
  assert.is(
    browser.allCookies().some((cookie) => cookie.name === 'platform_session'),
    false,
    'no session cookie',
  );
});

test('an authorization response with an error and no code (access_denied) is a 400', async () => {
  const browser = new BrowserClient();
  const { response } = await browserFetch(browser, `${service.url}/auth/login`);
  const state = new URL(response.headers.get('location') as string).searchParams.get('state') as string;
  const denied = await browserFetch(
    browser,
    `${service.url}/auth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
  );
  assert.is(denied.response.status, 400, denied.text);
  const body = JSON.parse(denied.text);
  assert.is(body.success, false);
  assert.match(body.message, /code/);
  assert.is(
    denied.response.headers.getSetCookie().some((value) => value.startsWith('platform_session=')),
    false,
    'no session cookie',
  );
});

test.run();
