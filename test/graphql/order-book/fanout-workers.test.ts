// The order-book fan-out on FANOUT_WORKERS=2 (docs/market-data.md#fan-out): two subscribers whose
// sockets two different worker processes serve (the service's fanout_worker_sockets metric says
// which) each get a SNAPSHOT, then every update in sequence, and hold the simulator's book; a query
// on a worker's socket runs in the service's process; a key revoked while its socket is open on a
// worker closes it with 4403, and the worker's count of sockets goes back down; the sockets per
// key are capped per node, not per worker (4429 for the third of WS_MAX_SOCKETS_PER_KEY=2, though
// each worker holds one); a worker killed takes its sockets with it (1006), their counts are
// released and it is started again; the service's graceful shutdown closes the workers' sockets
// with 1001.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MarketDataSimulatorServer } from '../../../src/providers/market-data/market-data-simulator-server.ts';
import { type BusinessApiClient, startBusinessApi } from '../../support/business-api-client.ts';
import { type GraphqlSocket, openGraphqlSocket } from '../../support/graphql-socket.ts';
import { startMarketDataFake } from '../../support/provider-fakes/market-data-fake.ts';
import { descendantsOf } from '../../robustness/service-process.ts';
import { type OrderBookMessage, clientBook, printedLevels } from './client-book.ts';

const products = ['BTC-USD', 'ETH-USD'];
const subscription = `subscription { orderBookUpdates(productIds: ["BTC-USD"]) { productId type sequence time bids { price size } asks { price size } } }`;
let simulator: MarketDataSimulatorServer;
let api: BusinessApiClient;
let sockets: GraphqlSocket[] = [];

test.before(async () => {
  try {
    const marketData = await startMarketDataFake(products);
    simulator = marketData.server;
    api = await startBusinessApi({
      providers: [marketData],
      env: { FANOUT_WORKERS: '2', WS_MAX_SOCKETS_PER_KEY: '2' },
    });
  } catch (error) {
    // uvu hides what a before-hook throws.
    console.error(error);
    throw error;
  }
});
// Each test starts with no socket open, so the per-key cap counts only its own.
test.after.each(async () => {
  // The last test stopped the service, and its sockets with it.
  if (sockets.length === 0) return;
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
  sockets = [];
  await until(async () => Object.values(await socketsPerWorker()).every((count) => count === 0), 'no socket left');
});
test.after(async () => {
  for (const socket of sockets) socket.close();
  await api.close();
});

async function open(apiKey: string): Promise<GraphqlSocket> {
  const { socket, acknowledged } = await openGraphqlSocket(api.service.url, { apiKey });
  assert.ok(acknowledged, 'the socket was acknowledged');
  sockets.push(socket);
  return socket;
}

/** The order-book messages of subscription `id` on a socket so far. */
function received(socket: GraphqlSocket, id: string): OrderBookMessage[] {
  return socket.messages
    .filter((message) => message.id === id && message.type === 'next')
    .map((message) => message.payload.data.orderBookUpdates as OrderBookMessage);
}

/** Resolves once `condition` holds, checked every 20 ms; a minute without it fails the test (a guard, not a speed test). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** fanout_worker_sockets per worker, from the service's /metrics. */
async function socketsPerWorker(): Promise<Record<string, number>> {
  const text = (await api.service.request('GET', '/metrics')).text;
  const counts: Record<string, number> = {};
  for (const [, worker, value] of text.matchAll(/^fanout_worker_sockets\{worker="(\d+)"\} (\d+)$/gm))
    counts[worker!] = Number(value);
  return counts;
}

/** The fan-out workers' process ids: the test process runs the service, so they are its children. */
function workerPids(): number[] {
  return descendantsOf(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('fanout-worker-main');
    } catch {
      return false;
    }
  });
}

/** The subscriber's BTC-USD book replayed from its messages equals the simulator's. */
function holdsSimulatorBook(messages: readonly OrderBookMessage[]): boolean {
  const book = clientBook();
  for (const message of messages) book.apply(message);
  const upstream = simulator.simulator.snapshot('BTC-USD')!;
  const expected = { bids: printedLevels(upstream.bids, 'desc'), asks: printedLevels(upstream.asks, 'asc') };
  return JSON.stringify(book.levels()) === JSON.stringify(expected);
}

test('subscribers on two workers each get a SNAPSHOT, then every update in sequence, and the simulator’s book', async () => {
  const first = await open(api.adminKey);
  const second = await open(api.adminKey);
  assert.equal(await socketsPerWorker(), { 1: 1, 2: 1 }, 'one socket on each worker');
  for (const socket of [first, second]) void socket.operation('book', subscription);
  await until(() => received(first, 'book').length > 0 && received(second, 'book').length > 0, 'both snapshots');
  for (let step = 0; step < 5; step += 1) simulator.emit(['BTC-USD']);
  for (const socket of [first, second]) {
    // Events that arrive together may merge into one message: wait for the book, not a count.
    await until(() => holdsSimulatorBook(received(socket, 'book')), 'the simulator’s book');
    const messages = received(socket, 'book');
    assert.ok(messages.length >= 2, 'a SNAPSHOT and at least one L2UPDATE');
    assert.is(messages[0]!.type, 'SNAPSHOT');
    assert.ok(messages.slice(1).every((message) => message.type === 'L2UPDATE'));
    assert.equal(
      messages.map((message) => message.sequence),
      messages.map((_, index) => index + 1),
    );
  }
});

test('a query on a worker’s socket runs in the service’s process', async () => {
  const socket = await open(api.adminKey);
  assert.equal((await socket.operation('ping', '{ ping }')).results, [{ data: { ping: 'pong' } }]);
});

test('a key revoked while its socket is open on a worker closes it with 4403, and the worker’s count goes down', async () => {
  const key = await api.key({ name: 'revoked on a worker', scopes: ['trading'] });
  const before = await socketsPerWorker();
  const socket = await open(key.secret);
  void socket.operation('book', subscription);
  await until(() => received(socket, 'book').length > 0, 'the snapshot');
  await api.rows(`UPDATE api_key SET revoked_at = now() WHERE id = $1`, [key.id]);
  const closed = await socket.closed;
  assert.equal([closed.code, closed.reason], [4403, `API key ${key.prefix} has been revoked`]);
  await until(async () => JSON.stringify(await socketsPerWorker()) === JSON.stringify(before), 'the count back down');
});

test('the sockets of one key are capped per node: the third of two allowed is refused with 4429', async () => {
  const key = await api.key({ name: 'capped across workers', scopes: ['trading'] });
  await open(key.secret);
  await open(key.secret);
  assert.equal(await socketsPerWorker(), { 1: 1, 2: 1 }, 'one socket on each worker');
  const third = await openGraphqlSocket(api.service.url, { apiKey: key.secret });
  sockets.push(third.socket);
  assert.is(third.acknowledged, false);
  assert.equal(await third.socket.closed, {
    ...(await third.socket.closed),
    code: 4429,
    reason: 'too many sockets with this API key (at most 2)',
  });
});

test('a worker killed takes its sockets with it; their counts are released and it starts again', async () => {
  const first = await open(api.adminKey);
  const second = await open(api.adminKey);
  assert.equal(await socketsPerWorker(), { 1: 1, 2: 1 });
  const [killed, survivor] = workerPids();
  process.kill(killed!, 'SIGKILL');
  const lost = await Promise.race([first.closed, second.closed]);
  assert.is(lost.code, 1006);
  // The dead worker's series goes with it, and comes back, at 0, once its successor is ready.
  await until(async () => {
    const counts = await socketsPerWorker();
    return Object.keys(counts).length === 2 && Object.values(counts).sort().join() === '0,1';
  }, 'the worker started again, the survivor holding its one socket');
  const pids = workerPids();
  assert.is(pids.length, 2);
  assert.ok(pids.includes(survivor!) && !pids.includes(killed!));
  // The new worker serves: of the next two sockets, one lands on each (another key: two per key).
  const key = await api.key({ name: 'after the restart', scopes: ['trading'] });
  await open(key.secret);
  await open(key.secret);
  assert.equal(Object.values(await socketsPerWorker()).sort(), [1, 2]);
});

// Last: it stops the service.
test('the service’s graceful shutdown closes the sockets on the workers with 1001 Going Away', async () => {
  const first = await open(api.adminKey);
  const second = await open(api.adminKey);
  for (const socket of [first, second]) void socket.operation('book', subscription);
  await until(() => received(first, 'book').length > 0 && received(second, 'book').length > 0, 'both snapshots');
  await api.service.close();
  for (const socket of [first, second]) assert.is((await socket.closed).code, 1001);
  sockets = [];
});

test.run();
