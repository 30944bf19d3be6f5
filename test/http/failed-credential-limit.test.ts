// The failed-credential limit (docs/identity.md#failed-credentials): refused credentials from one
// client address are counted together whatever carried them (a wrong key on POST /graphql's fast
// lane and on a REST route, a bearer token that is no token, a wrong data-layer admin secret, a wrong key on
// a graphql-ws socket); past FAILED_CREDENTIAL_LIMIT every transport answers 429 with Retry-After
// (the socket 4429) without looking at the credential. Valid credentials count nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openGraphqlSocket } from '../support/graphql-socket.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

const limit = 5;
let service: TestService;

test.before.each(async () => {
  service = await startTestService({ FAILED_CREDENTIAL_LIMIT: String(limit) });
});
test.after.each(async () => {
  await service.stop();
});

const ping = (headers: Record<string, string>) =>
  service.request('POST', '/graphql', { headers, body: { query: '{ ping }' } });
const sdkToken = (key: string) =>
  service.request('POST', '/auth/workflow-sdk/init-token', {
    headers: { 'x-api-key': key },
    body: { userId: 'demo-alice', organizationId: '11111111-0000-4000-8000-000000000001' },
  });
const dataLayer = (headers: Record<string, string>) =>
  fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: '{ __typename }' }),
  });

test('refused credentials are counted together on both ports and every transport; past the limit all are 429', async () => {
  const statuses = [
    (await ping({ 'x-api-key': 'wrong-key-wrong-key-wrong-key' })).status,
    (await sdkToken('another-wrong-key-0123456789')).status,
    (await service.request('GET', '/product-catalog', { headers: { authorization: 'Bearer not.a.token' } })).status,
    (await dataLayer({ 'x-data-admin-secret': 'wrong-secret-wrong-secret' })).status,
  ];
  const socket = await openGraphqlSocket(service.url, { apiKey: 'wrong-socket-key-0123456789' });
  const closed = await socket.socket.closed;
  assert.equal([...statuses, closed.code], [401, 401, 401, 401, 4403]);

  // The sixth is refused before the credential is looked at, whichever it is, valid ones too.
  const graphql = await ping({ 'x-api-key': testAdminApiKey });
  assert.is(graphql.status, 429);
  assert.match(
    graphql.json().errors[0].message,
    /^Too many failed credentials from this address: the limit is 5 per 60 seconds; retry after \d+ seconds$/,
  );
  assert.is(graphql.json().errors[0].extensions.code, 'RATE_LIMITED');
  assert.ok(Number(graphql.headers.get('retry-after')) >= 1);
  const rest = await sdkToken(testAdminApiKey);
  assert.equal([rest.status, rest.json().code], [429, 'RATE_LIMITED']);
  const data = await dataLayer({ 'x-data-admin-secret': 'test-data-admin-secret-0123456789' });
  assert.equal([data.status, Number(data.headers.get('retry-after')) >= 1], [429, true]);
  const late = await openGraphqlSocket(service.url, { apiKey: testAdminApiKey });
  assert.equal([late.acknowledged, (await late.socket.closed).code], [false, 4429]);
});

test('valid credentials count nothing: the limit is reached only by refusals', async () => {
  for (let sent = 0; sent < 3 * limit; sent++) assert.is((await ping({ 'x-api-key': testAdminApiKey })).status, 200);
  const refusals = [];
  for (let sent = 0; sent <= limit; sent++)
    refusals.push((await ping({ 'x-api-key': `wrong-key-${sent}-0123456789` })).status);
  assert.equal(refusals, [401, 401, 401, 401, 401, 429]);
});

test('on the data layer only a secret or token that was sent and refused counts: none sent, or a role it may not take, is no guess', async () => {
  const secret = 'test-data-admin-secret-0123456789';
  const answers = [];
  for (let sent = 0; sent <= limit; sent++) {
    answers.push((await dataLayer({})).status);
    answers.push((await dataLayer({ 'x-data-admin-secret': secret, 'x-data-role': 'no-such-role' })).status);
  }
  assert.equal(
    answers,
    Array.from({ length: 2 * (limit + 1) }, (_, index) => (index % 2 === 0 ? 401 : 403)),
  );
  assert.is((await dataLayer({ 'x-data-admin-secret': secret })).status, 200);
  const refusals = [];
  for (let sent = 0; sent <= limit; sent++)
    refusals.push((await dataLayer({ authorization: `Bearer not-a-token-${sent}` })).status);
  assert.equal(refusals, [401, 401, 401, 401, 401, 429]);
  // Past the limit nothing is looked at, a request that sends no credential included.
  const none = await dataLayer({});
  assert.equal(
    [none.status, ((await none.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code],
    [429, 'RATE_LIMITED'],
  );
});

test.run();
