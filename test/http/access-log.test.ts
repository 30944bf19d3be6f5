// The access log (docs/metrics.md#access-log): one `request` line at info per request on both
// ports, with route template, status, duration, request id (also X-Request-Id on either port) and
// the kind of caller, and never a credential or a query string.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

const lines: Record<string, any>[] = [];
const rawLines: string[] = [];
let service: TestService;

test.before(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      rawLines.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  service = await startTestService({}, { logDestination: sink });
});
test.after(async () => {
  await service.stop();
});

const requestLines = () => lines.filter((line) => line.msg === 'request');

/** The access line of the api request whose X-Request-Id is `requestId`. */
function lineOf(requestId: string | null): Record<string, any> {
  const found = requestLines().filter((line) => line.requestId === requestId);
  assert.is(found.length, 1, `one access line for ${requestId}`);
  return found[0]!;
}

test('an anonymous api request: one info line with route template, status, duration and request id', async () => {
  const response = await service.request('GET', '/invoices/7?access_token=secret-in-query');
  assert.is(response.status, 401);
  const line = lineOf(response.headers.get('x-request-id'));
  const { ms, time, ...rest } = line;
  assert.type(ms, 'number');
  assert.ok(ms >= 0);
  assert.type(time, 'number');
  assert.equal(rest, {
    level: 30,
    service: 'wealth-platform',
    server: 'api',
    requestId: response.headers.get('x-request-id'),
    method: 'GET',
    route: '/invoices/{invoiceId}',
    status: 401,
    principal: 'anonymous',
    msg: 'request',
  });
});

test('an api key caller is logged by key kind, never by the key', async () => {
  const response = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': testAdminApiKey },
    body: { query: '{ ping }' },
  });
  assert.is(response.status, 200);
  const line = lineOf(response.headers.get('x-request-id'));
  assert.is(line.principal, 'api-key:admin');
  assert.is(line.route, '/graphql');
  assert.is(line.status, 200);
});

/** The access line of the data-port request whose X-Request-Id is `requestId`. */
async function dataLineOf(requestId: string | null): Promise<Record<string, any>> {
  const isLine = (line: Record<string, any>) => line.server === 'data' && line.requestId === requestId;
  // The data port logs on the response's `finish` event, which may come a turn after the client
  // has read the body: wait for the line, without a deadline.
  while (!requestLines().some(isLine)) await new Promise((resolve) => setImmediate(resolve));
  const found = requestLines().filter(isLine);
  assert.is(found.length, 1, `one access line for ${requestId}`);
  return found[0]!;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a data-layer request is logged with its request id, how it authenticated and its role', async () => {
  const response = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-data-admin-secret': 'test-data-admin-secret-0123456789' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  assert.is(response.status, 200);
  await response.text();
  const requestId = response.headers.get('x-request-id');
  assert.match(requestId ?? '', uuid);
  const { ms, time, ...rest } = await dataLineOf(requestId);
  assert.type(ms, 'number');
  assert.type(time, 'number');
  assert.equal(rest, {
    level: 30,
    service: 'wealth-platform',
    server: 'data',
    requestId,
    method: 'POST',
    route: '/v1/graphql',
    status: 200,
    principal: 'admin-secret',
    role: 'admin',
    msg: 'request',
  });
});

test('the data port keeps a safe incoming X-Request-Id and replaces an unsafe one, as the api port does', async () => {
  for (const [path, init, status] of [
    ['/v1/graphql', { method: 'POST', body: '{"query":"{ __typename }"}' }, 401],
    ['/healthz', { method: 'GET' }, 200],
    ['/nowhere', { method: 'GET' }, 404],
  ] as const) {
    const incoming = `trace${path.replace(/\//g, '-')}-12345`;
    const kept = await fetch(`${service.dataUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-request-id': incoming },
    });
    assert.is(kept.status, status, path);
    await kept.text();
    assert.is(kept.headers.get('x-request-id'), incoming, path);
    assert.is((await dataLineOf(incoming)).status, status, path);

    const replaced = await fetch(`${service.dataUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-request-id': 'short' },
    });
    assert.is(replaced.status, status, path);
    await replaced.text();
    const generated = replaced.headers.get('x-request-id');
    assert.match(generated ?? '', uuid, path);
    assert.is((await dataLineOf(generated)).status, status, path);
  }
  // The api port under the same two headers, for comparison.
  const apiKept = await service.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-abc-12345' } });
  assert.is(apiKept.headers.get('x-request-id'), 'trace-abc-12345');
  const apiReplaced = await service.request('GET', '/healthz', { headers: { 'x-request-id': 'short' } });
  assert.match(apiReplaced.headers.get('x-request-id') ?? '', uuid);
});

test('no log line carries a credential or a query string', () => {
  const everything = rawLines.join('');
  for (const secret of [testAdminApiKey, 'test-data-admin-secret-0123456789', 'secret-in-query', 'access_token'])
    assert.not.ok(everything.includes(secret), `the logs hold ${secret}`);
});

test.run();
