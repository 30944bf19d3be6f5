// POST /graphql and its graphql-ws subscriptions (docs/business-graphql.md)
// through the real service: `ping`, the API key, documents that do not parse, and graphql-ws'
// connection check (the test service runs with MARKET_DATA=off; test/graphql/order-book/ has the feed).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type BusinessApiClient, type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import type { GraphqlAnswer } from '../support/graphql-answer.ts';

let api: BusinessApiClient;

test.before(async () => {
  api = await startBusinessApi();
});
test.after(async () => {
  await api.close();
});

const gql = (query: string, key: CallerKey | null = api.adminKey) =>
  api.graphql(query, undefined, { key, headers: { accept: 'application/graphql-response+json' } });

test('ping answers pong with a valid API key', async () => {
  const response = await gql('{ ping }');
  assert.is(response.status, 200);
  assert.equal(response.body, { data: { ping: 'pong' } });
  assert.match(response.headers.get('content-type') ?? '', /application\/graphql-response\+json/);
});

/** A refusal of POST /graphql: a GraphQL response holding one error, never the REST error body. */
function assertGraphqlRefusal(response: GraphqlAnswer, status: number, code: string, message: string): void {
  assert.is(response.status, status);
  assert.is(response.headers.get('content-type'), 'application/graphql-response+json; charset=utf-8');
  assert.equal(response.body, { errors: [{ message, extensions: { code } }] });
}

test('a missing API key is 401 with a GraphQL response naming X-API-Key', async () => {
  assertGraphqlRefusal(
    await gql('{ ping }', null),
    401,
    'UNAUTHENTICATED',
    'authentication required: send an X-API-Key header',
  );
});

test('a wrong API key is 401 with a GraphQL response', async () => {
  assertGraphqlRefusal(
    await gql('{ ping }', 'wrong-key-wrong-key-wrong-key'),
    401,
    'UNAUTHENTICATED',
    'invalid API key',
  );
});

test('a REST route keeps the REST error body for the same missing credential', async () => {
  const response = await api.service.request('POST', '/auth/workflow-sdk/init-token', {
    body: { userId: 'demo-alice', organizationId: '11111111-0000-4000-8000-000000000001' },
  });
  assert.is(response.status, 401);
  const { requestId, ...body } = response.json();
  assert.is(requestId, response.headers.get('x-request-id'));
  assert.equal(body, {
    success: false,
    message: 'authentication required: send an X-API-Key header',
    code: 'UNAUTHENTICATED',
  });
});

test('a document that does not parse or validate is a 400 GraphQL response', async () => {
  const syntax = await gql('{ ping ');
  assert.is(syntax.status, 400);
  assert.match(syntax.body.errors[0].message, /Syntax Error/);
  const unknown = await gql('{ pong }');
  assert.is(unknown.status, 400);
  assert.match(unknown.body.errors[0].message, /Cannot query field "pong"/);
});

test('subscriptions run over graphql-ws on /graphql and need the API key', async () => {
  const url = api.service.url.replace('http', 'ws') + '/graphql';
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { 'X-API-Key': api.adminKey },
    retryAttempts: 0,
  });
  const result = await new Promise<{ errors?: { message: string }[] }>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription { orderBookUpdates(productIds: ["BTC-USD"]) { productId } }' },
      {
        next: (value) => resolve(value as never),
        error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ message: String(error) }] }),
        complete: () => {},
      },
    );
    setTimeout(() => reject(new Error('no answer')), 5_000);
  });
  assert.equal(result.errors, [
    {
      message: 'market data is off (MARKET_DATA=off): no order books',
      locations: [{ line: 1, column: 16 }],
      path: ['orderBookUpdates'],
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    },
  ]);
  await client.dispose();

  const refused = createClient({ url, webSocketImpl: WebSocket, connectionParams: {}, retryAttempts: 0, lazy: false });
  const closeCode = await new Promise<number>((resolve) => {
    refused.on('closed', (event) => resolve((event as { code: number }).code));
  });
  assert.is(closeCode, 4403);
  await refused.dispose();
});

test.run();
