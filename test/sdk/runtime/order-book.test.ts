// The order-book helper against a real graphql-ws server on loopback whose orderBookUpdates
// messages the test scripts (docs/sdk.md#order-book, docs/market-data.md#fan-out): updates apply
// to the SNAPSHOT with prices compared as decimals; a sequence gap ends the subscription and a new
// one starts from a fresh SNAPSHOT; a dropped connection makes the book stale until graphql-ws has
// reconnected and the new subscription's SNAPSHOT arrived; a GraphQL error ends following.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type GraphQLField, GraphQLError, buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WebSocketServer } from 'ws';
import type { Client } from 'graphql-ws';
import { type OrderBook, followOrderBooks } from '../../../sdk/src/runtime/order-book.ts';
import { createSubscriptionClient } from '../../../sdk/src/runtime/subscriptions.ts';

interface Level {
  price: string;
  size: string;
}

interface Stream {
  productId: string;
  push(message: { type: 'SNAPSHOT' | 'L2UPDATE'; sequence: number; bids?: Level[]; asks?: Level[] }): void;
  ended: boolean;
}

const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8'));
const streams: Stream[] = [];
const apiKeys: unknown[] = [];

/** Each subscription is a stream the test pushes messages into. */
function orderBookStream(_: unknown, args: { productIds?: string[] }) {
  const productId = args.productIds?.[0] ?? '';
  if (productId === 'NOPE-USD')
    throw new GraphQLError('unknown product NOPE-USD', { extensions: { code: 'BAD_USER_INPUT' } });
  const waiting: ((result: IteratorResult<unknown>) => void)[] = [];
  const queued: unknown[] = [];
  const stream: Stream = {
    productId,
    ended: false,
    push(message) {
      const event = {
        orderBookUpdates: { productId, time: '2026-01-01T00:00:00.000Z', bids: [], asks: [], ...message },
      };
      const next = waiting.shift();
      if (next) next({ value: event, done: false });
      else queued.push(event);
    },
  };
  streams.push(stream);
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () =>
      queued.length > 0
        ? Promise.resolve({ value: queued.shift(), done: false })
        : new Promise<IteratorResult<unknown>>((resolve) => waiting.push(resolve)),
    return: () => {
      stream.ended = true;
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true as const });
    },
  };
}

const field = schema.getSubscriptionType()?.getFields().orderBookUpdates as GraphQLField<unknown, unknown>;
field.subscribe = orderBookStream as never;
field.resolve = (event) => (event as { orderBookUpdates: unknown }).orderBookUpdates;

let server: http.Server;
let sockets: WebSocketServer;
let client: Client;
let url: string;

test.before(async () => {
  server = http.createServer();
  sockets = new WebSocketServer({ server, path: '/graphql' });
  useServer(
    {
      schema,
      onConnect: (context) => {
        apiKeys.push(context.connectionParams?.apiKey);
        return true;
      },
    },
    sockets,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  client = createSubscriptionClient({ url, apiKey: 'k-1', graphqlWs: { retryWait: async () => {} } });
});
test.after(async () => {
  await client.dispose();
  sockets.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The books the helper reported, and a way to wait until one of them holds a condition. */
function watch(productIds: string[]) {
  const reports: OrderBook[] = [];
  const errors: [string, unknown][] = [];
  let changed = () => {};
  const follower = followOrderBooks(client, productIds, {
    onBook: (book) => {
      reports.push(book);
      changed();
    },
    onError: (productId, error) => {
      errors.push([productId, error]);
      changed();
    },
    resubscribeDelayMs: 10,
  });
  const until = (condition: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      // A guard against a hang, not a speed test.
      const guard = setTimeout(
        () => reject(new Error(`still waiting for ${what}: ${JSON.stringify(reports.at(-1))}`)),
        60_000,
      );
      // The server's side (a new subscription) has no event here: look again every few ms as well.
      const poll = setInterval(() => check(), 5);
      const check = () => {
        if (!condition()) return;
        clearTimeout(guard);
        clearInterval(poll);
        changed = () => {};
        resolve();
      };
      changed = check;
      check();
    });
  return { follower, reports, errors, until };
}

const streamsOf = (productId: string) => streams.filter((stream) => stream.productId === productId);
const live = (productId: string) => streamsOf(productId).find((stream) => !stream.ended);
const levels = (book: OrderBook | undefined) => ({
  bids: book?.bids.map((level) => `${level.price} ${level.size}`),
  asks: book?.asks.map((level) => `${level.price} ${level.size}`),
});

test('a SNAPSHOT and its updates give the book; prices compare as decimals', async () => {
  const { follower, until } = watch(['BTC-USD']);
  await until(() => live('BTC-USD') !== undefined, 'the subscription');
  live('BTC-USD')?.push({
    type: 'SNAPSHOT',
    sequence: 1,
    bids: [
      { price: '100.5', size: '1' },
      { price: '99', size: '2' },
    ],
    asks: [{ price: '101', size: '3' }],
  });
  live('BTC-USD')?.push({
    type: 'L2UPDATE',
    sequence: 2,
    bids: [
      { price: '100.50', size: '0' },
      { price: '100.25', size: '4' },
    ],
    asks: [{ price: '1000', size: '0.5' }],
  });
  await until(() => follower.book('BTC-USD')?.sequence === 2, 'sequence 2');
  const book = follower.book('BTC-USD');
  assert.equal(levels(book), { bids: ['100.25 4', '99 2'], asks: ['101 3', '1000 0.5'] });
  assert.equal([book?.stale, book?.time?.toISOString()], [false, '2026-01-01T00:00:00.000Z']);
  assert.equal(apiKeys.at(-1), 'k-1');
  follower.close();
  await until(() => streamsOf('BTC-USD').every((stream) => stream.ended), 'the end of the subscription');
});

test('a sequence gap ends the subscription, and a new one starts from a fresh SNAPSHOT', async () => {
  const { follower, reports, until } = watch(['ETH-USD']);
  await until(() => live('ETH-USD') !== undefined, 'the subscription');
  const first = live('ETH-USD');
  first?.push({
    type: 'SNAPSHOT',
    sequence: 1,
    bids: [{ price: '10', size: '1' }],
    asks: [{ price: '11', size: '1' }],
  });
  await until(() => follower.book('ETH-USD')?.sequence === 1, 'the snapshot');
  first?.push({ type: 'L2UPDATE', sequence: 3, bids: [{ price: '10', size: '0' }] });
  await until(() => first?.ended === true && live('ETH-USD') !== undefined, 'a second subscription');
  assert.is(follower.book('ETH-USD')?.stale, true);
  assert.equal(levels(follower.book('ETH-USD')), { bids: ['10 1'], asks: ['11 1'] });
  live('ETH-USD')?.push({
    type: 'SNAPSHOT',
    sequence: 1,
    bids: [{ price: '9', size: '5' }],
    asks: [{ price: '12', size: '5' }],
  });
  live('ETH-USD')?.push({ type: 'L2UPDATE', sequence: 2, asks: [{ price: '11.5', size: '1' }] });
  await until(() => follower.book('ETH-USD')?.sequence === 2, 'the fresh book');
  assert.equal(levels(follower.book('ETH-USD')), { bids: ['9 5'], asks: ['11.5 1', '12 5'] });
  assert.equal(
    reports.map((book) => [book.sequence, book.stale]),
    [
      [1, false],
      [0, true],
      [1, false],
      [2, false],
    ],
  );
  assert.is(streamsOf('ETH-USD').length, 2);
  follower.close();
});

test('a dropped connection makes the books stale until the new subscription sends its SNAPSHOT', async () => {
  const { follower, until } = watch(['SOL-USD', 'ETH-BTC']);
  await until(() => live('SOL-USD') !== undefined && live('ETH-BTC') !== undefined, 'the subscriptions');
  for (const productId of ['SOL-USD', 'ETH-BTC']) {
    live(productId)?.push({ type: 'SNAPSHOT', sequence: 1, bids: [{ price: '1', size: '1' }] });
  }
  await until(
    () => follower.book('SOL-USD')?.stale === false && follower.book('ETH-BTC')?.stale === false,
    'both books',
  );
  const before = streams.length;
  for (const socket of sockets.clients) socket.terminate();
  await until(
    () => follower.book('SOL-USD')?.stale === true && follower.book('ETH-BTC')?.stale === true,
    'stale books',
  );
  await until(() => streams.length === before + 2, 'the subscriptions after the reconnect');
  for (const productId of ['SOL-USD', 'ETH-BTC']) {
    live(productId)?.push({ type: 'SNAPSHOT', sequence: 1, bids: [{ price: '2', size: '2' }] });
    live(productId)?.push({ type: 'L2UPDATE', sequence: 2, asks: [{ price: '3', size: '3' }] });
  }
  await until(
    () => follower.book('SOL-USD')?.sequence === 2 && follower.book('ETH-BTC')?.sequence === 2,
    'both books after the reconnect',
  );
  for (const productId of ['SOL-USD', 'ETH-BTC']) {
    assert.equal(levels(follower.book(productId)), { bids: ['2 2'], asks: ['3 3'] });
    assert.is(follower.book(productId)?.stale, false);
  }
  follower.close();
});

test('a GraphQL error ends following the product: reported, not subscribed again', async () => {
  const { follower, errors, until } = watch(['NOPE-USD']);
  await until(() => errors.length === 1, 'the error');
  assert.equal(errors[0]?.[0], 'NOPE-USD');
  assert.equal(
    (errors[0]?.[1] as { message: string; extensions?: { code?: string } }[]).map((error) => [
      error.message,
      error.extensions?.code,
    ]),
    [['unknown product NOPE-USD', 'BAD_USER_INPUT']],
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(errors.length, 1);
  assert.is(follower.book('NOPE-USD')?.stale, true);
  follower.close();
});

test.run();
