// The order-book helper reconnects by itself (docs/sdk.md#order-book), against real graphql-ws
// servers on loopback (support/scripted-order-book-server.ts): a server killed abruptly (1006) and
// a new one listening on the same port later: `reconnecting`, stale books, attempts spaced by the
// backoff, every product subscribed again, and the fresh SNAPSHOT replaces the book (no level of
// the old one survives), then `reconnected`; closes 1001, 1011, 1012 and 1013 are reconnected the
// same way; a close for the credential (4403 at connection_init, 4401 and 4429 later) is surfaced
// as `failed` and never retried, also on a plain graphql-ws client that would retry 4403 itself.
import { type Client, createClient } from 'graphql-ws';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type OrderBook,
  type OrderBookFollower,
  type OrderBookStatusEvent,
  followOrderBooks,
} from '../../../sdk/src/runtime/order-book.ts';
import { closeCode, reconnectDelayMs } from '../../../sdk/src/runtime/reconnect-policy.ts';
import { createSubscriptionClient } from '../../../sdk/src/runtime/subscriptions.ts';
import { type ScriptedOrderBookServer, startScriptedOrderBookServer } from './support/scripted-order-book-server.ts';

const products = ['BTC-USD', 'ETH-USD'];

/** Waits until `check` holds, looking every few ms; the bound only turns a hang into a failure. */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`never held: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function follow(client: Client) {
  const statuses: OrderBookStatusEvent[] = [];
  const errors: [string, unknown][] = [];
  const books: OrderBook[] = [];
  const follower: OrderBookFollower = followOrderBooks(client, products, {
    onBook: (book) => books.push(book),
    onError: (productId, error) => errors.push([productId, error]),
    onStatus: (event) => statuses.push(event),
  });
  return { follower, statuses, errors, books };
}

const levels = (book: OrderBook | undefined) => ({
  bids: book?.bids.map((level) => `${level.price} ${level.size}`),
  asks: book?.asks.map((level) => `${level.price} ${level.size}`),
});

/** Every product subscribed on `server`, then its snapshot pushed. */
async function snapshotAll(server: ScriptedOrderBookServer, price: string) {
  await until('every product subscribed', () => products.every((id) => server.live(id) !== undefined));
  for (const id of products) {
    server.live(id)!.push({
      type: 'SNAPSHOT',
      sequence: 1,
      bids: [{ price, size: '1' }],
      asks: [{ price: `${Number(price) + 1}`, size: '1' }],
    });
  }
}

test('the backoff: the upper half of 100 ms doubling per attempt, at most 5 s', () => {
  const low = () => 0;
  const high = () => 1;
  assert.equal(
    [0, 1, 2, 5, 6, 40].map((attempt) => [reconnectDelayMs({}, attempt, low), reconnectDelayMs({}, attempt, high)]),
    [
      [50, 100],
      [100, 200],
      [200, 400],
      [1600, 3200],
      [2500, 5000],
      [2500, 5000],
    ],
  );
  assert.equal(reconnectDelayMs({ initialMs: 10, maxMs: 30 }, 3, high), 30);
});

test('a server killed abruptly, a new one on the same port: reconnecting, then a fresh SNAPSHOT replaces each book', async () => {
  const first = await startScriptedOrderBookServer();
  const attempts: number[] = [];
  const client = createSubscriptionClient({
    url: first.url,
    apiKey: 'k-1',
    graphqlWs: { on: { connecting: () => void attempts.push(performance.now()) } },
  });
  const { follower, statuses, books } = follow(client);
  let second: ScriptedOrderBookServer | undefined;
  try {
    await snapshotAll(first, '100');
    first.live('BTC-USD')!.push({ type: 'L2UPDATE', sequence: 2, bids: [{ price: '99', size: '2' }] });
    await until('live', () => follower.status() === 'live' && follower.book('BTC-USD')?.sequence === 2);
    assert.equal(statuses, [{ type: 'live' }]);

    await first.kill();
    await until('reconnecting', () => follower.status() === 'reconnecting');
    assert.is(closeCode((statuses[1] as { reason: unknown }).reason), 1006);
    for (const id of products) assert.is(follower.book(id)?.stale, true, `${id} is stale while the connection is down`);
    const downAt = attempts.length;
    await until('three refused attempts', () => attempts.length >= downAt + 3);
    // The waits after the first (50 to 100 ms) are at least the lower half of their ceilings: 100, 200 ms.
    const gaps = attempts.slice(downAt - 1).map((at, index, all) => (index === 0 ? 0 : at - all[index - 1]!));
    gaps.slice(2, 4).forEach((gap, index) => assert.ok(gap >= 100 * 2 ** index - 2, `wait ${index + 1}: ${gap} ms`));

    second = await startScriptedOrderBookServer({ port: first.port });
    await until('every product subscribed again', () => products.every((id) => second!.live(id) !== undefined));
    assert.is(follower.status(), 'reconnecting', 'not live before the fresh snapshots');
    assert.equal(levels(follower.book('BTC-USD')), { bids: ['100 1', '99 2'], asks: ['101 1'] }, 'the old book, stale');
    assert.is(follower.book('BTC-USD')?.stale, true);
    const reportedBefore = books.length;
    await snapshotAll(second, '200');
    await until('reconnected', () => follower.status() === 'live');
    assert.equal(
      statuses.map((event) => event.type),
      ['live', 'reconnecting', 'reconnected'],
    );
    for (const id of products) {
      assert.equal(levels(follower.book(id)), { bids: ['200 1'], asks: ['201 1'] }, `${id}: replaced, not merged`);
      assert.equal([follower.book(id)?.stale, follower.book(id)?.sequence], [false, 1]);
    }
    // Never the old book presented as live: every book reported fresh since holds only the new levels.
    const fresh = books.slice(reportedBefore).filter((book) => !book.stale);
    assert.ok(fresh.length >= products.length);
    for (const book of fresh) assert.equal(levels(book), { bids: ['200 1'], asks: ['201 1'] });
    second.live('ETH-USD')!.push({ type: 'L2UPDATE', sequence: 2, asks: [{ price: '201', size: '0' }] });
    await until('the update after the reconnect', () => follower.book('ETH-USD')?.sequence === 2);
    assert.equal(levels(follower.book('ETH-USD')), { bids: ['200 1'], asks: [] });
  } finally {
    follower.close();
    await Promise.resolve(client.dispose()).catch(() => {}); // rejects when disposed during a retry wait (graphql-ws)
    await second?.kill();
  }
});

for (const code of [1001, 1011, 1012, 1013]) {
  test(`a close ${code}: subscribed again, and the fresh SNAPSHOT replaces each book`, async () => {
    const server = await startScriptedOrderBookServer();
    const client = createSubscriptionClient({ url: server.url, apiKey: 'k-1' });
    const { follower, statuses } = follow(client);
    try {
      await snapshotAll(server, '100');
      await until('live', () => follower.status() === 'live');
      const before = server.streams.length;
      server.closeSockets(code, 'bye');
      await until('reconnecting', () => follower.status() === 'reconnecting');
      assert.is(closeCode((statuses[1] as { reason: unknown }).reason), code);
      await until('subscribed again', () => server.streams.length >= before + products.length);
      await snapshotAll(server, '300');
      await until('reconnected', () => follower.status() === 'live');
      assert.equal(
        statuses.map((event) => event.type),
        ['live', 'reconnecting', 'reconnected'],
      );
      assert.is(server.connections, 2);
      for (const id of products) assert.equal(levels(follower.book(id)), { bids: ['300 1'], asks: ['301 1'] });
    } finally {
      follower.close();
      await Promise.resolve(client.dispose()).catch(() => {}); // rejects when disposed during a retry wait (graphql-ws)
      await server.kill();
    }
  });
}

test('a key refused at connection_init (4403): failed with the error, never retried', async () => {
  const server = await startScriptedOrderBookServer({ refuseKeys: true });
  const client = createSubscriptionClient({ url: server.url, apiKey: 'revoked' });
  const { follower, statuses, errors } = follow(client);
  try {
    await until('failed', () => follower.status() === 'failed');
    assert.equal(
      statuses.map((event) => event.type),
      ['failed'],
    );
    assert.is(closeCode((statuses[0] as { error: unknown }).error), 4403);
    assert.equal(errors.map(([id, error]) => [id, closeCode(error)]).sort(), products.map((id) => [id, 4403]).sort());
    // Longer than three backoff waits (at most 100 + 200 + 400 ms): a retry would have connected.
    await pause(800);
    assert.is(server.connections, 1);
    for (const id of products) assert.is(follower.book(id)?.stale, true);
  } finally {
    follower.close();
    await Promise.resolve(client.dispose()).catch(() => {}); // rejects when disposed during a retry wait (graphql-ws)
    await server.kill();
  }
});

for (const code of [4401, 4429]) {
  test(`a close ${code} after the books were live: failed, never retried`, async () => {
    const server = await startScriptedOrderBookServer();
    const client = createSubscriptionClient({ url: server.url, apiKey: 'k-1' });
    const { follower, statuses } = follow(client);
    try {
      await snapshotAll(server, '100');
      await until('live', () => follower.status() === 'live');
      server.closeSockets(code, 'credential');
      await until('failed', () => follower.status() === 'failed');
      assert.equal(
        statuses.map((event) => event.type),
        ['live', 'failed'],
      );
      await pause(800);
      assert.is(server.connections, 1);
      for (const id of products) assert.is(follower.book(id)?.stale, true);
    } finally {
      follower.close();
      await Promise.resolve(client.dispose()).catch(() => {}); // rejects when disposed during a retry wait (graphql-ws)
      await server.kill();
    }
  });
}

test('a plain graphql-ws client, which retries 4403 itself: the helper ends following, nothing reconnects', async () => {
  const server = await startScriptedOrderBookServer({ refuseKeys: true });
  const client = createClient({ url: server.url, connectionParams: { apiKey: 'revoked' }, retryWait: async () => {} });
  const { follower } = follow(client);
  try {
    await until('failed', () => follower.status() === 'failed');
    await pause(300);
    assert.is(server.connections, 1);
  } finally {
    follower.close();
    await Promise.resolve(client.dispose()).catch(() => {}); // rejects when disposed during a retry wait (graphql-ws)
    await server.kill();
  }
});

test.run();
