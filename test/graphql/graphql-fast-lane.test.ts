// POST /graphql's fast lane answers as the Koa route does (docs/requests.md#the-graphql-fast-lane):
// each request is sent twice to the real service, once as an ordinary request (the lane serves it)
// and once to `/graphql?via=koa` (any query string sends it to Koa, whose route ignores it), and
// the two answers must be equal: status, media type, Retry-After, X-Request-Id, body, and the
// access log line. Rate limits count both ways alike, and the request deadline answers alike.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { attachBusinessApi, startBusinessApi } from '../support/business-api-client.ts';
import { type TestResponse, startProxiedTestService } from '../support/test-service.ts';

const logLines: Record<string, unknown>[] = [];
const { service, proxy } = await startProxiedTestService(
  {
    SEED: 'demo',
    API_RATE_LIMIT: '10000',
    REQUEST_TIMEOUT_MS: '1000',
    DB_STATEMENT_TIMEOUT_MS: '0',
    DB_CONNECT_TIMEOUT_MS: '0',
  },
  { logLines },
);
const api = attachBusinessApi(service);
const reader = (await api.key({ name: 'lane reader', scopes: ['read'] })).secret;
const walletsOnly = (await api.key({ name: 'lane wallets', scopes: ['wallets'] })).secret;
const partner = (await api.key({ name: 'lane partner', kind: 'partner', scopes: ['read'] })).secret;
const revoked = await api.key({ name: 'lane revoked', scopes: ['read'] });
await api.revoke(revoked);

test.after(async () => {
  await proxy.heal();
  await api.close();
  await service.stop();
  await proxy.close();
});

interface Case {
  name: string;
  body: string;
  headers?: Record<string, string>;
}

const query = (text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ query: text, ...extra });
const cases: Case[] = [
  { name: 'ping', body: query('{ ping }') },
  {
    name: 'ping, graphql-response+json',
    body: query('{ ping }'),
    headers: { accept: 'application/graphql-response+json' },
  },
  { name: 'ping, charset', body: query('{ ping }'), headers: { 'content-type': 'application/json; charset=UTF-8' } },
  { name: 'a caller request id', body: query('{ ping }'), headers: { 'x-request-id': 'lane-case-request-id' } },
  {
    name: 'a query with data',
    body: query('{ digitalWalletSummaryById(id: 1) { id usdValue assets { symbol value } } }'),
  },
  {
    name: 'variables',
    body: query('query P($s: String!) { coinPrice(symbol: $s) { symbol } }', { variables: { s: 'NOPE' } }),
  },
  {
    name: 'variables of the wrong type',
    body: query('query P($s: String!) { coinPrice(symbol: $s) { symbol } }', { variables: { s: 1 } }),
  },
  {
    name: 'an unknown key',
    body: query('{ ping }'),
    headers: { 'x-api-key': 'wk_unknown_0123456789abcdefghijklmnop' },
  },
  { name: 'a revoked key', body: query('{ ping }'), headers: { 'x-api-key': revoked.secret } },
  { name: 'a partner key', body: query('{ ping }'), headers: { 'x-api-key': partner } },
  {
    name: 'a key lacking the scope',
    body: query('{ netWorthUsdByUserId(userId: "demo-alice") { usdValue } }'),
    headers: { 'x-api-key': walletsOnly },
  },
  {
    name: 'a key with the scope',
    body: query('{ netWorthUsdByUserId(userId: "demo-alice") { usdValue } }'),
    headers: { 'x-api-key': reader },
  },
  {
    name: 'an acting user that is not one',
    body: query(
      'mutation { createDigitalWallet(input: { label: "x", type: CUSTODIAL, coin: "BTC" }) { errors { code } } }',
    ),
    headers: { 'x-acting-user': 'nobody-at-all' },
  },
  { name: 'not JSON', body: '{not json' },
  { name: 'a JSON array', body: '[1]' },
  { name: 'no query', body: '{"variables":{}}', headers: { accept: 'application/graphql-response+json' } },
  { name: 'a parse error', body: query('{ ping') },
  {
    name: 'a parse error, graphql-response+json',
    body: query('{ ping'),
    headers: { accept: 'application/graphql-response+json' },
  },
  { name: 'a validation error', body: query('{ nope }') },
  { name: 'an unknown operation name', body: query('query A { ping }', { operationName: 'B' }) },
  { name: 'a subscription', body: query('subscription { orderBookUpdates(productIds: ["BTC-USD"]) { type } }') },
  { name: 'a document over the length limit', body: query(`{ ping ${' '.repeat(120_000)}}`) },
  { name: 'a document over the nesting limit', body: query(`${'{ a '.repeat(40)}${'}'.repeat(40)}`) },
  {
    name: 'an operation over the cost maximum',
    body: query(
      `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: digitalWalletDetailById(id: 1, refresh: true) { id }`).join(' ')} }`,
    ),
  },
  {
    name: 'a root field past its selection cap',
    body: query(`{ ${Array.from({ length: 51 }, (_, i) => `a${i}: ping`).join(' ')} }`),
  },
];

/** What an answer is compared by: ids the service makes per request are replaced. */
function shape(response: TestResponse, requestId: string) {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    requestId: response.headers.get('x-request-id') === requestId ? 'echoed' : 'generated',
    body: response.text.replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'),
  };
}

/** The access log line of the request with this id, without its timing. */
function accessLine(requestId: string) {
  const line = logLines.find((entry) => entry.msg === 'request' && entry.requestId === requestId);
  assert.ok(line, `no access log line for ${requestId}`);
  // Timing and the per-request id differ by nature; everything else must be equal.
  return Object.fromEntries(
    Object.entries(line).filter(([key]) => !['time', 'ms', 'requestId', 'pid', 'hostname'].includes(key)),
  );
}

let sent = 0;
async function send(path: string, item: Case, generatedId = false) {
  const requestId = `lane-${String((sent += 1)).padStart(4, '0')}`;
  const headers = {
    'content-type': 'application/json',
    'x-api-key': api.adminKey,
    ...(generatedId ? {} : { 'x-request-id': requestId }),
    ...item.headers,
  };
  const response = await service.request('POST', path, { headers, body: item.body });
  const id = response.headers.get('x-request-id') ?? '';
  return { answer: shape(response, headers['x-request-id'] ?? ''), log: accessLine(id) };
}

for (const item of cases) {
  test(`${item.name}: the lane answers as Koa does`, async () => {
    const lane = await send('/graphql', item);
    const koa = await send('/graphql?via=koa', item);
    assert.equal(lane, koa);
  });
}

test('a request id the service makes is a UUID both ways, and logged', async () => {
  const lane = await send('/graphql', cases[0]!, true);
  const koa = await send('/graphql?via=koa', cases[0]!, true);
  assert.equal(lane, koa);
  assert.is(lane.answer.requestId, 'generated');
});

test('the deadline answers 503 with Retry-After both ways when the database stops answering', async () => {
  proxy.stall();
  try {
    // An unknown key is looked up in the database, which now never answers: REQUEST_TIMEOUT_MS decides.
    const item = {
      name: 'stalled',
      body: query('{ ping }'),
      headers: { 'x-api-key': 'wk_stalled_0123456789abcdefghijklmn' },
    };
    const lane = await send('/graphql', item);
    const koa = await send('/graphql?via=koa', item);
    assert.equal(lane, koa);
    assert.is(lane.answer.status, 503);
    assert.is(lane.answer.retryAfter, '5');
  } finally {
    await proxy.heal();
  }
});

test('the rate limit counts both ways alike and refuses alike, with Retry-After', async () => {
  const limited = await startBusinessApi({ env: { API_RATE_LIMIT: '2' } });
  try {
    const post = (path: string) =>
      limited.service.request('POST', path, {
        headers: { 'content-type': 'application/json', 'x-api-key': limited.adminKey, 'x-request-id': 'lane-limited' },
        body: query('{ ping }'),
      });
    const answers = [
      await post('/graphql'),
      await post('/graphql?via=koa'),
      await post('/graphql'),
      await post('/graphql?via=koa'),
    ];
    assert.equal(
      answers.map((answer) => answer.status),
      [200, 200, 429, 429],
    );
    const [, , lane, koa] = answers.map((answer) => shape(answer, 'lane-limited'));
    assert.equal(lane, koa);
    assert.is(lane!.retryAfter !== null && Number(lane!.retryAfter) > 0, true);
  } finally {
    await limited.close();
  }
});

test.run();
