// The development OpenID Connect provider (docs/identity.md#the-built-in-development-provider):
// discovery, sign-in with PKCE, the login page, end session, and masked failures.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Koa from 'koa';
import * as client from 'openid-client';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevIdentityUser } from '../../../src/providers/identity/dev-identity-options.ts';
import { createDevIdentityProvider } from '../../../src/providers/identity/dev-identity-provider.ts';
import { BrowserClient } from '../../support/browser-client.ts';
import { openDevLoginPage, submitDevLogin } from '../../support/dev-provider-login.ts';

const users: DevIdentityUser[] = [
  { id: 'demo-alice', email: 'alice@example.test', firstName: 'Alice', lastName: 'Adams' },
  { id: 'demo-bob', email: 'bob@example.test', firstName: null, lastName: '<b>Brown</b>' },
];
const clientId = 'platform-web';
const errorLogs: string[] = [];

let server: Server;
let origin: string;
let issuer: string;
let redirectUri: string;
let config: client.Configuration;

test.before(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${origin}/dev-oidc`;
  redirectUri = `${origin}/auth/callback`;
  const provider = await createDevIdentityProvider({
    issuer,
    clientId,
    redirectUris: [redirectUri],
    isAllowedPostLogoutRedirect: (uri) => new URL(uri).origin === origin,
    findUser: async (id) => {
      if (id === 'demo-broken') throw new Error('database is down (test)');
      return users.find((user) => user.id === id) ?? null;
    },
    listUsers: async () => users,
    cookieKeys: ['test-cookie-key-0123456789abcdef'],
    logger: pino(
      { level: 'warn' },
      new Writable({
        write(line, _encoding, done) {
          errorLogs.push(String(line));
          done();
        },
      }),
    ),
  });
  const app = new Koa();
  app.silent = true;
  app.use(provider.middleware);
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'not served by the provider';
  });
  server.on('request', app.callback());
  config = await client.discovery(new URL(issuer), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});

test.after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function authorizationRequest(): Promise<{ url: URL; verifier: string; state: string; nonce: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, verifier, state, nonce };
}

async function signIn(
  browser: BrowserClient,
  userId: string,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  const request = await authorizationRequest();
  const callback = await submitDevLogin(browser, request.url, userId);
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });
}

test('discovery at the issuer advertises endpoints under the issuer path, end_session included', async () => {
  const metadata = config.serverMetadata();
  assert.is(metadata.issuer, issuer);
  for (const name of [
    'authorization_endpoint',
    'token_endpoint',
    'jwks_uri',
    'userinfo_endpoint',
    'end_session_endpoint',
  ] as const) {
    assert.ok(String(metadata[name]).startsWith(`${issuer}/`), `${name} = ${metadata[name]}`);
  }
  assert.equal(metadata.code_challenge_methods_supported, ['S256']);
  assert.ok(metadata.id_token_signing_alg_values_supported?.includes('RS256'));
  assert.equal([...(metadata.scopes_supported ?? [])].sort(), ['email', 'openid', 'profile']);
});

test('sign-in as demo-alice returns to the redirect_uri with a code and the state, redeemed with PKCE for her ID token', async () => {
  const request = await authorizationRequest();
  const callback = await submitDevLogin(new BrowserClient(), request.url, 'demo-alice');
  assert.is(`${callback.origin}${callback.pathname}`, redirectUri);
  assert.ok(callback.searchParams.get('code'));
  assert.is(callback.searchParams.get('state'), request.state);

  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  assert.ok(claims);
  assert.is(claims.sub, 'demo-alice');
  assert.is(claims.email, 'alice@example.test');
  assert.is(claims.name, 'Alice Adams');
  assert.is(claims.given_name, 'Alice');
  assert.is(claims.family_name, 'Adams');
  assert.is(claims.aud, clientId);
  assert.is(claims.iss, issuer);

  const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
  const verified = await jwtVerify(tokens.id_token ?? '', jwks, { issuer, audience: clientId });
  assert.is(verified.protectedHeader.alg, 'RS256');
});

test('a code is redeemed only with the PKCE verifier it was issued for', async () => {
  const request = await authorizationRequest();
  const callback = await submitDevLogin(new BrowserClient(), request.url, 'demo-bob');
  try {
    await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: client.randomPKCECodeVerifier(),
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    assert.unreachable('a wrong code_verifier was accepted');
  } catch (error) {
    assert.instance(error, client.ResponseBodyError);
    assert.is((error as client.ResponseBodyError).error, 'invalid_grant');
  }
});

test('a user without first name gets only the claims that exist', async () => {
  const claims = (await signIn(new BrowserClient(), 'demo-bob')).claims();
  assert.is(claims?.sub, 'demo-bob');
  assert.is(claims?.given_name, undefined);
  assert.is(claims?.family_name, '<b>Brown</b>');
});

test('the login page lists the users escaped, warns it is for development, and loads nothing remote', async () => {
  const browser = new BrowserClient();
  const page = await openDevLoginPage(browser, (await authorizationRequest()).url);
  assert.ok(page.url.pathname.startsWith('/dev-oidc/interaction/'));
  assert.is(page.action.pathname, page.url.pathname);
  assert.match(page.html, 'Development sign-in — not for production');
  assert.match(page.html, 'value="demo-alice"');
  assert.match(page.html, 'value="demo-bob"');
  assert.match(page.html, '&lt;b&gt;Brown&lt;/b&gt;');
  assert.not.match(page.html, '<b>Brown');
  assert.not.match(page.html, /<script|https?:\/\/|@import/i);
  const response = await browser.fetch(page.url);
  assert.match(response.headers.get('content-security-policy') ?? '', "default-src 'none'");
  assert.is(response.headers.get('cache-control'), 'no-store');
});

test('an unknown user id gets the page again with 400 and signs no one in; the request can still be completed', async () => {
  const browser = new BrowserClient();
  const request = await authorizationRequest();
  const page = await openDevLoginPage(browser, request.url);
  const refused = await browser.fetch(page.action, { body: new URLSearchParams({ userId: 'demo-mallory' }) });
  assert.is(refused.status, 400);
  assert.is(refused.headers.get('location'), null);
  const html = await refused.text();
  assert.match(html, 'There is no user with id &quot;demo-mallory&quot;');
  assert.match(html, 'value="demo-alice"');
  assert.not.ok(
    browser.allCookies().some((cookie) => cookie.name.startsWith('dev_oidc_session')),
    'a provider session was created',
  );

  const empty = await browser.fetch(page.action, { body: new URLSearchParams({}) });
  assert.is(empty.status, 400);
  assert.match(await empty.text(), 'Choose a user to sign in as.');

  const accepted = await browser.fetch(page.action, { body: new URLSearchParams({ userId: 'demo-alice' }) });
  assert.is(accepted.status, 303);
  const result = await browser.follow(
    { response: accepted, url: page.action },
    { stopAt: (url) => !url.pathname.startsWith('/dev-oidc/') },
  );
  assert.ok(result.stopped);
  assert.is(result.url.searchParams.get('state'), request.state);
  assert.ok(result.url.searchParams.get('code'));
});

test('the login page of an interaction this browser did not start answers 400 without a form', async () => {
  const page = await openDevLoginPage(new BrowserClient(), (await authorizationRequest()).url);
  const stranger = await new BrowserClient().fetch(page.url);
  assert.is(stranger.status, 400);
  const html = await stranger.text();
  assert.match(html, 'Sign-in request not found');
  assert.not.match(html, '<form');
});

test('end session refuses a post_logout_redirect_uri on an origin that is not allowed', async () => {
  const browser = new BrowserClient();
  await signIn(browser, 'demo-alice');
  const endSession = new URL(config.serverMetadata().end_session_endpoint ?? '');
  endSession.search = new URLSearchParams({
    client_id: clientId,
    post_logout_redirect_uri: 'https://evil.example/after',
  }).toString();
  const response = await browser.fetch(endSession);
  assert.is(response.status, 400);
  assert.is(response.headers.get('location'), null);
  const html = await response.text();
  assert.match(html, 'invalid_request');
  assert.match(html, 'post_logout_redirect_uri');
  assert.not.match(html, /\bat .+\.js:\d+/);
});

test('end session with an allowed post_logout_redirect_uri confirms, then returns there with the state and ends the session', async () => {
  const browser = new BrowserClient();
  await signIn(browser, 'demo-alice');
  const endSession = new URL(config.serverMetadata().end_session_endpoint ?? '');
  endSession.search = new URLSearchParams({
    client_id: clientId,
    post_logout_redirect_uri: `${origin}/signed-out?next=%2Fhome`,
    state: 'bye-1',
  }).toString();
  const confirm = await browser.fetch(endSession);
  assert.is(confirm.status, 200);
  const html = await confirm.text();
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(action && xsrf, html);

  const done = await browser.fetch(new URL(action, endSession), { body: new URLSearchParams({ xsrf, logout: 'yes' }) });
  assert.is(done.status, 303);
  const location = new URL(done.headers.get('location') ?? '');
  assert.is(`${location.origin}${location.pathname}`, `${origin}/signed-out`);
  assert.is(location.searchParams.get('next'), '/home');
  assert.is(location.searchParams.get('state'), 'bye-1');

  // Signed out: the next authorization asks who to sign in as again.
  await openDevLoginPage(browser, (await authorizationRequest()).url);
});

test('a signed-in browser is sent straight back with a code, without the login page', async () => {
  const browser = new BrowserClient();
  await signIn(browser, 'demo-alice');
  const request = await authorizationRequest();
  const result = await browser.follow(request.url, { stopAt: (url) => !url.pathname.startsWith('/dev-oidc/') });
  assert.ok(result.stopped);
  assert.is(result.url.searchParams.get('state'), request.state);
  const tokens = await client.authorizationCodeGrant(config, result.url, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });
  assert.is(tokens.claims()?.sub, 'demo-alice');
});

test('paths outside the issuer path are left to the next middleware', async () => {
  for (const pathname of ['/', '/auth/callback', '/dev-oidcx/.well-known/openid-configuration', '/interaction/abc']) {
    const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
    assert.is(response.status, 404, pathname);
    assert.is(await response.text(), 'not served by the provider', pathname);
  }
});

test('a failing user lookup answers 500 without its message or a stack, and is logged', async () => {
  const browser = new BrowserClient();
  const page = await openDevLoginPage(browser, (await authorizationRequest()).url);
  const response = await browser.fetch(page.action, { body: new URLSearchParams({ userId: 'demo-broken' }) });
  assert.is(response.status, 500);
  assert.is(response.headers.get('location'), null);
  const body = await response.text();
  assert.not.match(body, 'database is down');
  assert.not.match(body, /\bat .+:\d+/);
  assert.is(errorLogs.length, 1);
  assert.match(errorLogs[0] ?? '', 'database is down (test)');
  errorLogs.length = 0;
});

test('nothing else was logged at warn or above', () => {
  assert.equal(errorLogs, []);
});

test.run();
