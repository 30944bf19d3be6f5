// GET /wallets/{walletId}/sparkline through the real service with the demo data
// (docs/wallet-sparkline.md): owner only (cookie or bearer), SVG or base64, strong ETag with
// 304, private caching for 8 minutes, inert SVG headers, bounds of `days`, and one 404 for
// missing and not owned.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createSessionService, type SessionService } from '../../../src/domain/identity/session-service.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../../support/platform-token-forge.ts';
import { startTestService, testAdminApiKey, type TestResponse, type TestService } from '../../support/test-service.ts';

let service: TestService;
let forge: PlatformTokenForge;
let sessions: SessionService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo', SIGNING_KEY_SECRET: testSigningKeySecret });
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  sessions = createSessionService({ store: createSessionStore(service.db) });
});

test.after(async () => {
  await forge?.close();
  await service?.stop();
});

async function cookie(userId: string): Promise<Record<string, string>> {
  return { cookie: `platform_session=${(await sessions.create(userId, 3600)).cookieSecret}` };
}

async function bearer(userId: string): Promise<Record<string, string>> {
  const { sessionId } = await sessions.create(userId, 3600);
  return { authorization: `Bearer ${await forge.issueAt(new Date(), 'access', { sub: userId, sid: sessionId }, 900)}` };
}

const get = (path: string, headers: Record<string, string>) => service.request('GET', path, { headers });

function withoutRequestId(response: TestResponse): Record<string, unknown> {
  return { ...response.json(), requestId: null };
}

test('the owner gets an inert SVG with a strong ETag and private caching for 8 minutes', async () => {
  const response = await get('/wallets/1/sparkline', await cookie('demo-alice'));
  assert.is(response.status, 200, response.text);
  assert.is(response.headers.get('content-type'), 'image/svg+xml');
  assert.match(response.headers.get('etag') ?? '', /^"[0-9a-f]{32}"$/);
  assert.is(response.headers.get('cache-control'), 'private, max-age=480');
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'.*sandbox/);
  assert.ok(
    response.text.startsWith(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32" role="img"><title>Wallet value in USD, last 7 days: from ',
    ),
    response.text,
  );
  assert.match(response.text, /to 4,029,192\.63/);
  assert.not.match(response.text, /<script|href=/);
});

test('format=base64 answers JSON whose data decodes to the very SVG bytes; its ETag differs', async () => {
  const svg = await get('/wallets/1/sparkline?days=30', await cookie('demo-alice'));
  const json = await get('/wallets/1/sparkline?days=30&format=base64', await bearer('demo-alice'));
  assert.is(json.status, 200, json.text);
  assert.match(json.headers.get('content-type') ?? '', /^application\/json/);
  const body = json.json();
  assert.is(body.contentType, 'image/svg+xml');
  assert.ok(Buffer.from(body.data, 'base64').equals(Buffer.from(svg.text, 'utf8')));
  assert.is(json.headers.get('cache-control'), 'private, max-age=480');
  assert.is.not(json.headers.get('etag'), svg.headers.get('etag'));
  const week = await get('/wallets/1/sparkline?days=7', await cookie('demo-alice'));
  assert.is.not(week.headers.get('etag'), svg.headers.get('etag'), 'days changes the ETag');
});

test('a matching If-None-Match is answered 304 without a body; another tag gets the image', async () => {
  const headers = await cookie('demo-alice');
  const first = await get('/wallets/1/sparkline?days=14', headers);
  const etag = first.headers.get('etag') ?? '';
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await get('/wallets/1/sparkline?days=14', { ...headers, 'if-none-match': ifNoneMatch });
    assert.is(again.status, 304, ifNoneMatch);
    assert.is(again.text, '');
    assert.is(again.headers.get('etag'), etag);
    assert.is(again.headers.get('cache-control'), 'private, max-age=480');
  }
  const changed = await get('/wallets/1/sparkline?days=14', {
    ...headers,
    'if-none-match': '"0123456789abcdef0123456789abcdef"',
  });
  assert.is(changed.status, 200);
  assert.is(changed.text, first.text);
});

test('days must be 1..90 and format svg or base64 (400 naming the field)', async () => {
  const headers = await cookie('demo-alice');
  for (const [query, field] of [
    ['days=0', 'query.days'],
    ['days=91', 'query.days'],
    ['days=seven', 'query.days'],
    ['format=png', 'query.format'],
  ] as const) {
    const response = await get(`/wallets/1/sparkline?${query}`, headers);
    assert.is(response.status, 400, query);
    assert.is(response.json().code, 'VALIDATION_FAILED');
    assert.ok(
      response.json().details.some((detail: { path: string }) => detail.path === field),
      response.text,
    );
  }
  for (const days of [1, 90])
    assert.is((await get(`/wallets/1/sparkline?days=${days}`, headers)).status, 200, `days=${days}`);
});

test('another user, even an administrator, gets the 404 of a wallet that does not exist', async () => {
  const bob = await cookie('demo-bob');
  const notOwned = await get('/wallets/1/sparkline', bob);
  const missing = await get('/wallets/999/sparkline', bob);
  const huge = await get('/wallets/9007199254740991/sparkline', bob);
  assert.is(notOwned.status, 404);
  assert.equal(withoutRequestId(notOwned), { ...withoutRequestId(missing), message: 'wallet 1 not found' });
  assert.equal(withoutRequestId(missing), {
    success: false,
    code: 'NOT_FOUND',
    message: 'wallet 999 not found',
    requestId: null,
  });
  assert.is(huge.status, 404);
  const admin = await get('/wallets/1/sparkline', await bearer('demo-admin'));
  assert.is(admin.status, 404, 'the rule is owner only');
  assert.is((await get('/wallets/3/sparkline', bob)).status, 200, 'Bob owns wallet 3');
});

test('API keys are not a credential here (401), nor is no credential', async () => {
  const withKey = await get('/wallets/1/sparkline', { 'x-api-key': testAdminApiKey });
  assert.is(withKey.status, 401);
  assert.is(withKey.json().code, 'UNAUTHENTICATED');
  assert.match(withKey.json().message, /session cookie|Bearer/);
  assert.is((await get('/wallets/1/sparkline', {})).status, 401);
  assert.is((await get('/wallets/1/sparkline', { cookie: 'platform_session=not-a-session' })).status, 401);
});

test.run();
