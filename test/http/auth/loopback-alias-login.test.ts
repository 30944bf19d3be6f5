// A browser login started on a loopback alias of PUBLIC_URL (http://localhost:PORT while
// PUBLIC_URL is http://127.0.0.1:PORT) stays on that alias, where its cookies live, and ends
// with a session (docs/identity.md "Browser login"); any other Host header changes nothing.
import http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BrowserClient } from '../../support/browser-client.ts';
import { submitDevLogin } from '../../support/dev-provider-login.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { type TestService, startTestService } from '../../support/test-service.ts';

let service: TestService;
/** The service's own URL with `localhost` instead of 127.0.0.1. */
let localhostUrl: string;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
  const url = new URL(service.url);
  assert.is(url.hostname, '127.0.0.1', 'the test service publishes 127.0.0.1');
  url.hostname = 'localhost';
  localhostUrl = url.origin;
});

test.after(async () => {
  await service?.stop();
});

/** A browser request to the platform (not its provider), its answer checked against openapi.yaml. */
async function browserFetch(browser: BrowserClient, url: string | URL): Promise<{ response: Response; text: string }> {
  const response = await browser.fetch(url);
  const text = await response.text();
  assertMatchesContract('GET', new URL(url).pathname, response.status, response.headers.get('content-type'), text);
  return { response, text };
}

test('a login started at localhost sends the provider back to localhost and ends with a session there', async () => {
  const browser = new BrowserClient();
  const login = await browserFetch(browser, `${localhostUrl}/auth/login`);
  assert.is(login.response.status, 302, login.text);
  const authorization = new URL(login.response.headers.get('location') as string);
  assert.is(
    `${authorization.origin}${authorization.pathname}`,
    `${service.url}/dev-oidc/auth`,
    'the provider stays at its issuer',
  );
  assert.is(authorization.searchParams.get('redirect_uri'), `${localhostUrl}/auth/callback`);
  assert.is(
    browser.cookieHeader(`${localhostUrl}/auth/callback`).startsWith('platform_login='),
    true,
    'the binding cookie is on localhost',
  );

  const callback = await submitDevLogin(browser, authorization, 'demo-bob');
  assert.is(`${callback.origin}${callback.pathname}`, `${localhostUrl}/auth/callback`);
  const finished = await browserFetch(browser, callback);
  assert.is(finished.response.status, 302, finished.text);
  assert.is(
    finished.response.headers.get('location'),
    `${localhostUrl}/`,
    'back to the root of the URL the login started on',
  );

  const session = await browserFetch(browser, `${localhostUrl}/auth/session`);
  assert.is(session.response.status, 200, session.text);
  assert.is(JSON.parse(session.text).userID, 'demo-bob');
  assert.is(browser.cookiesFor(`${service.url}/auth/session`).length, 0, 'no cookie was set on 127.0.0.1');
});

test('returnTo may name the localhost alias; the session cookie is set where the browser is', async () => {
  const browser = new BrowserClient();
  const login = await browserFetch(
    browser,
    `${localhostUrl}/auth/login?returnTo=${encodeURIComponent(`${localhostUrl}/portfolio`)}`,
  );
  assert.is(login.response.status, 302, login.text);
  const callback = await submitDevLogin(browser, login.response.headers.get('location') as string, 'demo-alice');
  const finished = await browserFetch(browser, callback);
  assert.is(finished.response.headers.get('location'), `${localhostUrl}/portfolio`);
  assert.equal(
    browser.cookiesFor(`${localhostUrl}/`).map((cookie) => cookie.name),
    ['platform_session'],
  );
});

/** GET with a Host header of our choosing (fetch always sends the URL's own host). */
function getWithHost(pathname: string, host: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: pathname, headers: { host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      })
      .on('error', reject);
  });
}

test('a Host header that is not a loopback alias of PUBLIC_URL is not trusted: the callback stays on PUBLIC_URL', async () => {
  const port = Number(new URL(service.url).port);
  const expected = [
    ['evil.example.org', `${service.url}/auth/callback`],
    [`evil.example.org:${port}`, `${service.url}/auth/callback`],
    [`localhost:${port + 1}`, `${service.url}/auth/callback`],
    ['localhost', `${service.url}/auth/callback`],
    [`LOCALHOST:${port}`, `${localhostUrl}/auth/callback`],
    [`[::1]:${port}`, `http://[::1]:${port}/auth/callback`],
  ];
  for (const [host, redirectUri] of expected) {
    const response = await getWithHost('/auth/login', host as string);
    assert.is(response.status, 302, host);
    assert.is(new URL(response.location as string).searchParams.get('redirect_uri'), redirectUri, host);
  }
});

test('logging out at localhost without returnTo returns to localhost', async () => {
  const response = await fetch(`${localhostUrl}/auth/logout`, {
    headers: { 'x-client-type': 'api' },
    redirect: 'manual',
  });
  assert.is(response.status, 200);
  const { redirectUrl } = (await response.json()) as { redirectUrl: string };
  assert.is(new URL(redirectUrl).searchParams.get('post_logout_redirect_uri'), `${localhostUrl}/`);
});

test.run();
