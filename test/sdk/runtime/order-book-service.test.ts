// The order-book helper against the real service, which follows a market-data simulator the test
// drives by hand (docs/market-data.md#fan-out): the client's books equal the simulator's after
// updates, after an upstream gap (the service sends a fresh SNAPSHOT), and after the client's own
// connection is cut (graphql-ws reconnects, subscribes again, and the new SNAPSHOT replaces the
// stale book).
import type { Client } from 'graphql-ws';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MarketDataSimulatorServer } from '../../../src/providers/market-data/market-data-simulator-server.ts';
import { type OrderBook, type OrderBookFollower, followOrderBooks } from '../../../sdk/src/runtime/order-book.ts';
import { createSubscriptionClient } from '../../../sdk/src/runtime/subscriptions.ts';
import { printedLevels } from '../../graphql/order-book/client-book.ts';
import { type BusinessApiClient, startBusinessApi } from '../../support/business-api-client.ts';
import { startMarketDataFake } from '../../support/provider-fakes/market-data-fake.ts';

const products = ['BTC-USD', 'ETH-USD'];
let simulator: MarketDataSimulatorServer;
let api: BusinessApiClient;
let client: Client;
let follower: OrderBookFollower;
const reports: OrderBook[] = [];
let changed = () => {};

test.before(async () => {
  const marketData = await startMarketDataFake(products);
  simulator = marketData.server;
  api = await startBusinessApi({ providers: [marketData] });
  client = createSubscriptionClient({
    url: `${api.service.url.replace('http', 'ws')}/graphql`,
    apiKey: api.adminKey,
    graphqlWs: { retryWait: async () => {} },
  });
  follower = followOrderBooks(client, products, {
    onBook: (book) => {
      reports.push(book);
      changed();
    },
  });
});
test.after(async () => {
  follower.close();
  await client.dispose();
  await api.close();
});

function until(condition: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A guard against a hang, not a speed test.
    const guard = setTimeout(
      () => reject(new Error(`still waiting for ${what}: ${JSON.stringify(reports.slice(-2))}`)),
      60_000,
    );
    const check = () => {
      if (!condition()) return;
      clearTimeout(guard);
      changed = () => {};
      resolve();
    };
    changed = check;
    check();
  });
}

const clientLevels = (productId: string) => {
  const book = follower.book(productId);
  return {
    bids: book?.bids.map((level) => `${level.price} ${level.size}`),
    asks: book?.asks.map((level) => `${level.price} ${level.size}`),
  };
};

function simulatorLevels(productId: string) {
  const upstream = simulator.simulator.snapshot(productId);
  if (!upstream) throw new Error(`the simulator has no ${productId}`);
  return { bids: printedLevels(upstream.bids, 'desc'), asks: printedLevels(upstream.asks, 'asc') };
}

const inStep = (productId: string) =>
  follower.book(productId)?.stale === false &&
  JSON.stringify(clientLevels(productId)) === JSON.stringify(simulatorLevels(productId));

test("the first SNAPSHOT and the updates after it give the simulator's books", async () => {
  await until(() => products.every(inStep), 'the snapshots');
  for (let round = 0; round < 5; round += 1) simulator.emit();
  await until(() => products.every(inStep), 'the updated books');
  for (const productId of products) {
    assert.equal(clientLevels(productId), simulatorLevels(productId));
    assert.ok((follower.book(productId)?.sequence ?? 0) > 1);
  }
});

test('an upstream gap: the fresh SNAPSHOT the service sends replaces the book', async () => {
  const snapshotsBefore = reports.filter((book) => book.productId === 'BTC-USD').length;
  simulator.skipSequence('BTC-USD');
  simulator.emit(['BTC-USD']);
  await until(
    () => reports.filter((book) => book.productId === 'BTC-USD').length > snapshotsBefore && inStep('BTC-USD'),
    'the book after the gap',
  );
  simulator.emit(['BTC-USD']);
  await until(() => inStep('BTC-USD'), 'an update after the fresh snapshot');
  assert.equal(clientLevels('BTC-USD'), simulatorLevels('BTC-USD'));
});

test("a cut connection: stale books, then graphql-ws reconnects and the new SNAPSHOTs make them the simulator's", async () => {
  const from = reports.length;
  client.terminate();
  await until(
    () => products.every((productId) => follower.book(productId)?.stale === false) && reports.length > from,
    'the books after the reconnect',
  );
  assert.equal(
    products.map((productId) => reports.slice(from).some((book) => book.productId === productId && book.stale)),
    [true, true],
  );
  simulator.emit();
  await until(() => products.every(inStep), 'the books after an update');
  for (const productId of products) assert.equal(clientLevels(productId), simulatorLevels(productId));
});

test.run();
