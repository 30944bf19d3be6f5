// Rate limits of the GraphQL APIs and of uploads (openapi.yaml "Rate limits",
// docs/identity.md#rate-limits): past API_RATE_LIMIT requests a minute POST /graphql answers 429
// RATE_LIMITED with Retry-After in a GraphQL response (as its 401 does), /v1/graphql in the data
// layer's error shape; past UPLOAD_RATE_LIMIT, POST /documents/upload answers 429. Counted before
// authentication, so refused credentials count too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestResponse, type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ API_RATE_LIMIT: '3', UPLOAD_RATE_LIMIT: '2' });
});

test.after(async () => {
  await service?.stop();
});

function assertRetryAfter(value: string | null): void {
  assert.match(value ?? '', /^\d+$/, `Retry-After is whole seconds: ${value}`);
  assert.ok(Number(value) >= 1 && Number(value) <= 60, `Retry-After ${value} within the one-minute window`);
}

function assertRateLimited(response: TestResponse, limit: string): void {
  assert.is(response.status, 429, response.text);
  assertRetryAfter(response.headers.get('retry-after'));
  const body = response.json();
  assert.equal(Object.keys(body).sort(), ['code', 'message', 'requestId', 'success']);
  assert.is(body.code, 'RATE_LIMITED');
  assert.match(body.message, new RegExp(`^Too many requests: the ${limit}; retry after \\d+ seconds$`));
}

const ping = () =>
  service.request('POST', '/graphql', { headers: { 'x-api-key': testAdminApiKey }, body: { query: '{ ping }' } });

test('the 4th POST /graphql in a minute from one address → 429 RATE_LIMITED with Retry-After; health unaffected', async () => {
  // A refused credential counts as well: the limit runs before authentication.
  const refused = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': 'not-a-key' },
    body: { query: '{ ping }' },
  });
  assert.is(refused.status, 401, refused.text);
  assert.equal(refused.json(), { errors: [{ message: 'invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] });
  for (let attempt = 2; attempt <= 3; attempt += 1) {
    const response = await ping();
    assert.is(response.status, 200, `request ${attempt}: ${response.text}`);
  }
  const limited = await ping();
  assert.is(limited.status, 429, limited.text);
  assertRetryAfter(limited.headers.get('retry-after'));
  assert.is(limited.headers.get('content-type'), 'application/json; charset=utf-8');
  const { errors } = limited.json();
  assert.is(errors.length, 1);
  assert.equal(Object.keys(errors[0]).sort(), ['extensions', 'message']);
  assert.equal(errors[0].extensions, {
    code: 'RATE_LIMITED',
    retryAfterSeconds: Number(limited.headers.get('retry-after')),
  });
  assert.match(errors[0].message, /^Too many requests: the api limit is 3 per 60 seconds; retry after \d+ seconds$/);
  assert.is((await service.request('GET', '/healthz')).status, 200);
});

test('the 3rd POST /documents/upload in a minute → 429 RATE_LIMITED before authentication', async () => {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const response = await service.request('POST', '/documents/upload');
    assert.is(response.status, 401, `request ${attempt}: ${response.text}`);
  }
  assertRateLimited(await service.request('POST', '/documents/upload'), 'upload limit is 2 per 60 seconds');
});

test('the 4th POST /v1/graphql in a minute → 429 in the data layer error shape with Retry-After', async () => {
  const query = () =>
    fetch(`${service.dataUrl}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-data-admin-secret': 'test-data-admin-secret-0123456789' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const response = await query();
    assert.is(response.status, 200, `request ${attempt}: ${await response.text()}`);
  }
  const limited = await query();
  assert.is(limited.status, 429);
  assertRetryAfter(limited.headers.get('retry-after'));
  const body = (await limited.json()) as { errors: { message: string; extensions: { code: string; path: string } }[] };
  assert.is(body.errors.length, 1);
  const [error] = body.errors as [(typeof body.errors)[number]];
  assert.equal(error.extensions, { code: 'RATE_LIMITED', path: '$' });
  assert.match(error.message, /^Too many requests: the api limit is 3 per 60 seconds; retry after \d+ seconds$/);
});

test('every refusal above is counted in rate_limit_rejections_total under its rule (docs/metrics.md#rate-limits)', async () => {
  const metrics = (await service.request('GET', '/metrics')).text;
  const rejections = metrics.split('\n').filter((line) => line.startsWith('rate_limit_rejections_total{'));
  assert.equal(rejections.sort(), [
    'rate_limit_rejections_total{limit="api"} 2',
    'rate_limit_rejections_total{limit="upload"} 1',
  ]);
});

test.run();
