// Subscription.orderBookUpdates end to end (docs/market-data.md#fan-out): the service follows a
// market-data simulator the test drives by hand, and a real graphql-ws client subscribes over
// /graphql. Two products followed get a SNAPSHOT, then sequenced L2UPDATEs, and a third gets
// nothing; after a skipped upstream sequence or dropped upstream connections the client gets a
// fresh SNAPSHOT, and its book equals the simulator's; bad product lists, a variable of the wrong
// type and a key without the `trading` scope end the subscription with an error.
import { type Client, createClient } from 'graphql-ws';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import type { MarketDataSimulatorServer } from '../../../src/providers/market-data/market-data-simulator-server.ts';
import { type BusinessApiClient, startBusinessApi } from '../../support/business-api-client.ts';
import { startMarketDataFake } from '../../support/provider-fakes/market-data-fake.ts';
import { type OrderBookMessage, clientBook, printedLevels } from './client-book.ts';

const products = ['BTC-USD', 'ETH-USD', 'SOL-USD'];
const selection = 'productId type sequence time bids { price size } asks { price size }';
let simulator: MarketDataSimulatorServer;
let api: BusinessApiClient;
const clients: Client[] = [];

test.before(async () => {
  const marketData = await startMarketDataFake(products);
  simulator = marketData.server;
  api = await startBusinessApi({ providers: [marketData] });
});
test.after(async () => {
  for (const client of clients) await client.dispose();
  await api.close();
});

function connect(apiKey = api.adminKey): Client {
  const client = createClient({
    url: `${api.service.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { apiKey },
    retryAttempts: 0,
  });
  clients.push(client);
  return client;
}

/** Messages of one subscription as they come, and a way to wait until some condition holds. */
function subscribe(client: Client, productIds: string[] | null) {
  const messages: OrderBookMessage[] = [];
  const errors: { message: string; extensions?: { code?: string } }[] = [];
  let changed = () => {};
  let completed = false;
  const args = productIds ? `(productIds: ${JSON.stringify(productIds)})` : '';
  client.subscribe<{ orderBookUpdates: OrderBookMessage }>(
    { query: `subscription { orderBookUpdates${args} { ${selection} } }` },
    {
      next: (result) => {
        if (result.data) messages.push(result.data.orderBookUpdates);
        errors.push(...((result.errors ?? []) as never[]));
        changed();
      },
      error: (error) => {
        errors.push(...(Array.isArray(error) ? error : [{ message: String(error) }]));
        changed();
      },
      complete: () => {
        completed = true;
        changed();
      },
    },
  );
  return {
    messages,
    errors,
    get completed() {
      return completed;
    },
    /**
     * Resolves once `condition` holds; a message or the end of the subscription re-checks it. A
     * minute without it holding fails the test rather than hang the run (a guard, not a speed test).
     */
    until(condition: () => boolean, what = 'the condition'): Promise<void> {
      return new Promise((resolve, reject) => {
        const guard = setTimeout(
          () => reject(new Error(`still waiting for ${what}: ${JSON.stringify(messages.slice(-3))}`)),
          60_000,
        );
        const check = () => {
          if (condition()) {
            clearTimeout(guard);
            resolve();
          }
        };
        const previous = changed;
        changed = () => {
          previous();
          check();
        };
        check();
      });
    },
  };
}

/** The subscriber's book of the product, replayed from its messages, and the simulator's. */
function books(messages: OrderBookMessage[], productId: string) {
  const book = clientBook();
  for (const message of messages.filter((m) => m.productId === productId)) book.apply(message);
  const upstream = simulator.simulator.snapshot(productId);
  if (!upstream) throw new Error(`the simulator has no ${productId}`);
  return {
    client: book.levels(),
    upstream: { bids: printedLevels(upstream.bids, 'desc'), asks: printedLevels(upstream.asks, 'asc') },
  };
}

const booksEqual = (messages: OrderBookMessage[], productId: string) => {
  const { client, upstream } = books(messages, productId);
  return JSON.stringify(client) === JSON.stringify(upstream);
};

function assertBooksEqual(messages: OrderBookMessage[], productId: string): void {
  const { client, upstream } = books(messages, productId);
  assert.equal(client, upstream);
}

function assertConsecutive(messages: OrderBookMessage[], productId: string): void {
  const sequences = messages.filter((m) => m.productId === productId).map((m) => m.sequence);
  assert.equal(
    sequences,
    sequences.map((_, index) => index + 1),
    `${productId} sequences`,
  );
}

test('two products: a SNAPSHOT each, then sequenced L2UPDATEs, and nothing of the third', async () => {
  const stream = subscribe(connect(), ['BTC-USD', 'ETH-USD']);
  await stream.until(() => stream.messages.length === 2);
  assert.equal(stream.messages.map((m) => [m.productId, m.type, m.sequence]).sort(), [
    ['BTC-USD', 'SNAPSHOT', 1],
    ['ETH-USD', 'SNAPSHOT', 1],
  ]);
  for (let round = 0; round < 5; round += 1) simulator.emit();
  // Updates that reach the service together are merged into one message, so the client waits
  // for the books, not for a count of messages.
  await stream.until(
    () => booksEqual(stream.messages, 'BTC-USD') && booksEqual(stream.messages, 'ETH-USD'),
    "the simulator's books",
  );
  assert.equal(
    stream.messages.filter((m) => m.productId === 'SOL-USD'),
    [],
  );
  assert.ok(stream.messages.length > 2);
  assert.equal(
    stream.messages.slice(2).map((m) => m.type),
    stream.messages.slice(2).map(() => 'L2UPDATE'),
  );
  for (const productId of ['BTC-USD', 'ETH-USD']) assertConsecutive(stream.messages, productId);
});

test('a skipped upstream sequence gives a fresh SNAPSHOT, and the book is right again', async () => {
  const stream = subscribe(connect(), ['BTC-USD']);
  await stream.until(() => stream.messages.length === 1);
  simulator.skipSequence('BTC-USD');
  simulator.emit(['BTC-USD']);
  await stream.until(() => stream.messages.length === 2, 'a second message');
  assert.is(stream.messages[1]?.type, 'SNAPSHOT');
  simulator.emit(['BTC-USD']);
  await stream.until(() => stream.messages.length === 3, 'a third message');
  assert.is(stream.messages[2]?.type, 'L2UPDATE');
  assertConsecutive(stream.messages, 'BTC-USD');
  assertBooksEqual(stream.messages, 'BTC-USD');
});

test('dropped upstream connections give a fresh SNAPSHOT per product, and the books are right again', async () => {
  const stream = subscribe(connect(), ['BTC-USD', 'ETH-USD']);
  await stream.until(() => stream.messages.length === 2);
  simulator.dropConnections();
  const snapshots = (productId: string) =>
    stream.messages.filter((m) => m.productId === productId && m.type === 'SNAPSHOT').length;
  await stream.until(() => snapshots('BTC-USD') === 2 && snapshots('ETH-USD') === 2, 'fresh snapshots');
  simulator.emit();
  await stream.until(
    () => stream.messages.at(-1)?.type === 'L2UPDATE' && stream.messages.at(-2)?.type === 'L2UPDATE',
    'an update of each product',
  );
  for (const productId of ['BTC-USD', 'ETH-USD']) {
    assertConsecutive(stream.messages, productId);
    assertBooksEqual(stream.messages, productId);
  }
});

test('no product list follows every product', async () => {
  const stream = subscribe(connect(), null);
  await stream.until(() => stream.messages.length === 3);
  assert.equal(stream.messages.map((m) => m.productId).sort(), products);
});

test('an empty list or an unknown product ends the subscription with BAD_USER_INPUT', async () => {
  const client = connect();
  for (const [productIds, message] of [
    [[], 'productIds is empty: name at least one product, or omit it to follow all'],
    [['BTC-USD', 'DOGE-USD'], 'unknown products: DOGE-USD; the service tracks BTC-USD, ETH-USD, SOL-USD'],
  ] as const) {
    const stream = subscribe(client, [...productIds]);
    await stream.until(() => stream.completed);
    assert.equal(stream.errors, [
      {
        message,
        locations: [{ line: 1, column: 16 }],
        path: ['orderBookUpdates'],
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ]);
    assert.equal(stream.messages, []);
  }
});

test('a variable of the wrong type ends the subscription with BAD_USER_INPUT, as on POST /graphql', async () => {
  const errors: unknown[] = [];
  await new Promise<void>((resolve) => {
    connect().subscribe(
      {
        query: `subscription Follow($ids: [String!]) { orderBookUpdates(productIds: $ids) { ${selection} } }`,
        variables: { ids: 5 },
      },
      {
        next: (result) => void errors.push(...(result.errors ?? [])),
        error: (error) => {
          errors.push(error);
          resolve();
        },
        complete: resolve,
      },
    );
  });
  assert.equal(errors, [
    {
      message: 'Variable "$ids" has invalid value: String cannot represent a non string value: 5',
      locations: [{ line: 1, column: 21 }],
      extensions: { code: 'BAD_USER_INPUT' },
    },
  ]);
});

test.run();
