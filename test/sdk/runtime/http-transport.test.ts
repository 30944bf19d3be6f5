// The SDK transport against a scripted loopback HTTP server (docs/sdk.md#retries,
// docs/sdk.md#token-refresh): reads are retried after 429/503 (with Retry-After) and after no
// answer, writes are not; GraphQL queries are retried, mutations only with an idempotency key
// (the client adds one, the same on every attempt); many concurrent 401s refresh the token once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  AddDigitalWalletWhitelistEntryDocument,
  CalculateOtcQuoteDocument,
  CreateDigitalWalletAddressDocument,
  CreateDigitalWalletDocument,
  PingDocument,
  RequestOtcQuoteDocument,
} from '../../../sdk/src/index.ts';
import { type PlatformClient, createPlatformClient } from '../../../sdk/src/platform-client.ts';
import type { ClientOptions } from '../../../sdk/src/runtime/client-options.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  cookie: string | undefined;
  body: string;
}

type Answer = (request: Seen) => { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

let server: http.Server;
let baseUrl: string;
let answer: Answer = () => ({ status: 200, body: {} });
let seen: Seen[] = [];

test.before(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const entry: Seen = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        apiKey: request.headers['x-api-key'] as string | undefined,
        cookie: request.headers.cookie,
        body,
      };
      seen.push(entry);
      const reply = answer(entry);
      if (reply === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
test.before.each(() => {
  seen = [];
});

function client(options: Partial<ClientOptions> = {}): PlatformClient {
  return createPlatformClient({ baseUrl, retry: { baseDelayMs: 1, maxRetries: 2 }, ...options });
}

const errorBody = (code: string) => ({ success: false, message: code.toLowerCase(), code, requestId: 'r-1' });
const session = {
  success: true,
  timestamp: '2026-01-01T00:00:00.000Z',
  sessionID: 's-1',
  userID: 'demo-carol',
  active: true,
  allowedFunds: [],
  allowedOrganizations: [],
};

test('each operation sends the first credential of its security the client holds, the way its scheme says', async () => {
  answer = () => ({ status: 200, body: session });
  const sdk = client({ auth: { sessionCookie: 'c-1', apiKey: 'k-1' } });
  await sdk.rest.getSession();
  await sdk.rest.getInvoiceDocument({ path: { invoiceId: 7 }, query: { format: 'pdf', download: true } });
  await sdk.rest.getKycDocumentFile({ path: { id: 'd-1' } }, { auth: { signedUrlToken: 'a b' } });
  await sdk.rest.createWorkflowSdkInitToken({ body: { userId: 'u', organizationId: 'o' } });
  assert.equal(
    seen.map((request) => [request.method, request.path, request.cookie, request.apiKey, request.authorization]),
    [
      ['GET', '/auth/session', 'platform_session=c-1', undefined, undefined],
      ['GET', '/invoices/7?format=pdf&download=true', 'platform_session=c-1', undefined, undefined],
      ['GET', '/kyc/documents/d-1/file?token=a%20b', undefined, undefined, undefined],
      ['POST', '/auth/workflow-sdk/init-token', undefined, 'k-1', undefined],
    ],
  );
});

test('a read answered 503 with Retry-After is sent again and succeeds', async () => {
  let calls = 0;
  answer = () =>
    (calls += 1) === 1
      ? { status: 503, headers: { 'retry-after': '0' }, body: errorBody('SERVICE_UNAVAILABLE') }
      : { status: 200, body: session };
  const result = await client({ auth: { bearerAuth: 't-1' } }).rest.getSession();
  assert.equal(result.data, session);
  assert.equal(
    seen.map((request) => [request.method, request.path, request.authorization]),
    [
      ['GET', '/auth/session', 'Bearer t-1'],
      ['GET', '/auth/session', 'Bearer t-1'],
    ],
  );
});

test('a read that gets no answer is sent again; after the retries the last 429 is the typed error', async () => {
  let calls = 0;
  answer = () =>
    (calls += 1) === 1 ? 'drop' : { status: 429, headers: { 'retry-after': '0' }, body: errorBody('RATE_LIMITED') };
  const result = await client({ auth: { bearerAuth: 't-1' } }).rest.getSession();
  assert.equal(seen.length, 3);
  assert.equal(result.error && [result.error.status, result.error.code, result.error.requestId], [
    429,
    'RATE_LIMITED',
    'r-1',
  ]);
});

test('a write answered 503 is not sent again', async () => {
  answer = () => ({ status: 503, headers: { 'retry-after': '0' }, body: errorBody('SERVICE_UNAVAILABLE') });
  const result = await client({ auth: { apiKey: 'k-1' } }).rest.createWorkflowSdkInitToken({
    body: { userId: 'demo-kim', organizationId: '11111111-0000-4000-8000-000000000002' },
  });
  assert.equal(seen.length, 1);
  assert.equal(seen[0]?.apiKey, 'k-1');
  assert.equal(result.error?.code, 'SERVICE_UNAVAILABLE');
});

test('retry: false sends a read once', async () => {
  answer = () => ({ status: 503, headers: { 'retry-after': '0' }, body: errorBody('SERVICE_UNAVAILABLE') });
  await client({ auth: { bearerAuth: 't-1' }, retry: false }).rest.getSession();
  assert.equal(seen.length, 1);
});

test('ten concurrent 401s refresh the token once, and every request is sent again with the new token', async () => {
  answer = (request) =>
    request.authorization === 'Bearer fresh'
      ? { status: 200, body: session }
      : { status: 401, body: errorBody('UNAUTHENTICATED') };
  let refreshes = 0;
  const sdk = client({
    auth: { bearerAuth: 'stale' },
    refreshAccessToken: async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'fresh';
    },
  });
  const results = await Promise.all(Array.from({ length: 10 }, () => sdk.rest.getSession()));
  assert.equal(refreshes, 1);
  assert.equal(
    results.map((result) => result.data?.userID),
    Array.from({ length: 10 }, () => 'demo-carol'),
  );
  assert.equal(seen.filter((request) => request.authorization === 'Bearer stale').length, 10);
  assert.equal(seen.filter((request) => request.authorization === 'Bearer fresh').length, 10);
  // Later calls use the refreshed token at once.
  seen = [];
  await sdk.rest.getSession();
  assert.equal(
    seen.map((request) => request.authorization),
    ['Bearer fresh'],
  );
});

test('a 401 after the refresh is the answer: one refresh per call, no loop', async () => {
  answer = () => ({ status: 401, body: errorBody('UNAUTHENTICATED') });
  let refreshes = 0;
  const result = await client({
    auth: { bearerAuth: 'stale' },
    refreshAccessToken: async () => `fresh-${(refreshes += 1)}`,
  }).rest.getSession();
  assert.equal(refreshes, 1);
  assert.equal(seen.length, 2);
  assert.equal(result.error?.code, 'UNAUTHENTICATED');
});

test('a GraphQL query answered 503 is sent again', async () => {
  let calls = 0;
  answer = () =>
    (calls += 1) === 1
      ? {
          status: 503,
          headers: { 'retry-after': '0' },
          body: { errors: [{ message: 'busy', extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 0 } }] },
        }
      : { status: 200, body: { data: { ping: 'pong' } } };
  const result = await client({ auth: { apiKey: 'k-1' } }).graphql.request(PingDocument);
  assert.equal(result.data, { ping: 'pong' });
  assert.equal(seen.length, 2);
  assert.equal(JSON.parse(seen[0]?.body ?? ''), { query: PingDocument.text, operationName: 'Ping' });
});

test('a GraphQL 200 whose only errors are SERVICE_UNAVAILABLE is retried for a query', async () => {
  let calls = 0;
  answer = () =>
    (calls += 1) === 1
      ? {
          status: 200,
          body: { data: null, errors: [{ message: 'busy', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
        }
      : { status: 200, body: { data: { ping: 'pong' } } };
  const result = await client({ auth: { apiKey: 'k-1' } }).graphql.request(PingDocument);
  assert.equal([result.data, seen.length], [{ ping: 'pong' }, 2]);
});

test('a mutation without an idempotency key in its input is not retried', async () => {
  answer = () => ({
    status: 503,
    headers: { 'retry-after': '0' },
    body: { errors: [{ message: 'busy', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
  });
  const result = await client({ auth: { apiKey: 'k-1' } }).graphql.request(CalculateOtcQuoteDocument, {
    input: { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.5' },
  });
  assert.equal(seen.length, 1);
  assert.equal(
    result.errors?.map((error) => error.extensions.code),
    ['SERVICE_UNAVAILABLE'],
  );
});

test('a mutation whose input takes an idempotency key gets one and is retried with the same key', async () => {
  let calls = 0;
  answer = () =>
    (calls += 1) === 1
      ? 'drop'
      : { status: 200, body: { data: { createDigitalWallet: { success: true, errors: [], wallet: null } } } };
  const result = await client({ auth: { apiKey: 'k-1' } }).graphql.request(CreateDigitalWalletDocument, {
    input: { label: 'Ops', type: 'CUSTODIAL', coin: 'BTC' },
  });
  assert.equal(result.data, { createDigitalWallet: { success: true, errors: [], wallet: null } });
  const keys = seen.map((request) => JSON.parse(request.body).variables.input.idempotencyKey);
  assert.equal(keys.length, 2);
  assert.match(keys[0], /^[0-9a-f-]{36}$/);
  assert.equal(keys[1], keys[0]);
});

// Each mutation that creates something takes a key (docs/idempotency.md): a 502 from the balancer
// and a 503 are retried with the key the first attempt carried.
const creating = [
  {
    name: 'createDigitalWalletAddress',
    send: (c: PlatformClient) =>
      c.graphql.request(CreateDigitalWalletAddressDocument, { input: { walletId: 1, label: 'Deposits' } }),
  },
  {
    name: 'addDigitalWalletWhitelistEntry',
    send: (c: PlatformClient) =>
      c.graphql.request(AddDigitalWalletWhitelistEntryDocument, {
        input: { walletId: 1, address: 'bc1qexample', label: 'Cold storage' },
      }),
  },
  {
    name: 'requestOtcQuote',
    send: (c: PlatformClient) =>
      c.graphql.request(RequestOtcQuoteDocument, {
        input: { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: '0.5' },
      }),
  },
] as const;

for (const { name, send } of creating) {
  test(`${name} gets a key and is retried after a 502 and a 503 with the same key`, async () => {
    let calls = 0;
    answer = () => {
      calls += 1;
      if (calls === 1) return { status: 502, body: { message: 'bad gateway' } };
      if (calls === 2) return { status: 503, headers: { 'retry-after': '0' }, body: { message: 'busy' } };
      return { status: 200, body: { data: { [name]: { success: true, errors: [] } } } };
    };
    const result = await send(client({ auth: { apiKey: 'k-1' } }));
    assert.equal(result.data, { [name]: { success: true, errors: [] } });
    const keys = seen.map((request) => JSON.parse(request.body).variables.input.idempotencyKey);
    assert.is(keys.length, 3);
    assert.match(keys[0], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(keys, [keys[0], keys[0], keys[0]]);
  });
}

test("a caller's own idempotency key is kept", async () => {
  answer = () => ({
    status: 200,
    body: { data: { createDigitalWallet: { success: true, errors: [], wallet: null } } },
  });
  await client({ auth: { apiKey: 'k-1' } }).graphql.request(CreateDigitalWalletDocument, {
    input: { label: 'Ops', type: 'CUSTODIAL', coin: 'BTC', idempotencyKey: 'mine-1' },
  });
  assert.equal(JSON.parse(seen[0]?.body ?? '').variables.input.idempotencyKey, 'mine-1');
});

test.run();
