// The level2 WebSocket client against the simulator over real loopback WebSockets
// (docs/market-data.md#the-client): a snapshot then updates in sequence; after a dropped connection,
// a skipped sequence number or a malformed message the product goes stale and a fresh snapshot
// follows; an unknown product is refused without disturbing the others; the reconnect delays.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Level2Snapshot, Level2Update } from '../../../src/providers/market-data/level2-messages.ts';
import {
  connectLevel2Client,
  defaultLevel2Backoff,
  type Level2Client,
  reconnectDelayMs,
} from '../../../src/providers/market-data/level2-websocket-client.ts';
import { createMarketDataSimulator } from '../../../src/providers/market-data/market-data-simulator.ts';
import {
  type MarketDataSimulatorServer,
  serveMarketData,
} from '../../../src/providers/market-data/market-data-simulator-server.ts';
import { capturingLogger } from '../../support/provider-test-servers.ts';
import { eventRecorder } from '../../support/event-recorder.ts';

type Received =
  | { kind: 'snapshot'; message: Level2Snapshot }
  | { kind: 'update'; message: Level2Update }
  | { kind: 'stale'; productId: string; reason: string };

const fast = { initialMs: 10, maxMs: 50 };

async function setUp(productIds: string[], served = ['BTC-USD', 'ETH-USD']) {
  const server = await serveMarketData(createMarketDataSimulator({ productIds: served, seed: 7 }), {
    updatesPerSecond: 0,
  });
  const received = eventRecorder<Received>();
  const { logger, text } = capturingLogger();
  const client = connectLevel2Client({
    url: server.url,
    productIds,
    logger,
    backoff: fast,
    handler: {
      snapshot: (message) => received.record({ kind: 'snapshot', message }),
      update: (message) => received.record({ kind: 'update', message }),
      stale: (productId, reason) => received.record({ kind: 'stale', productId, reason }),
    },
  });
  return { server, client, received, logs: text };
}

async function tearDown(server: MarketDataSimulatorServer, client: Level2Client) {
  await client.close();
  await server.close();
}

const snapshotOf = (productId: string) => (event: Received) =>
  event.kind === 'snapshot' && event.message.product_id === productId;

test('a snapshot per product, then each update in sequence', async () => {
  const { server, client, received } = await setUp(['BTC-USD', 'ETH-USD']);
  try {
    const btc = (await received.next('BTC snapshot', snapshotOf('BTC-USD'))) as { message: Level2Snapshot };
    await received.until('ETH snapshot', () => received.events.some(snapshotOf('ETH-USD')));
    assert.equal(btc.message, { ...server.simulator.snapshot('BTC-USD')!, time: btc.message.time });
    assert.ok(btc.message.bids.length > 0 && btc.message.asks.length > 0);
    received.skipSeen();
    const sent = [...server.emit(['BTC-USD']), ...server.emit(['BTC-USD']), ...server.emit(['ETH-USD'])];
    const got: Level2Update[] = [];
    for (const expected of sent) {
      const event = await received.next(`update ${expected.sequence}`, (e) => e.kind === 'update');
      got.push((event as { message: Level2Update }).message);
    }
    assert.equal(got, sent);
    assert.equal(got[1]!.sequence, btc.message.sequence + 2);
  } finally {
    await tearDown(server, client);
  }
});

test('after the server drops the connection the client reconnects, goes stale, and gets fresh snapshots', async () => {
  const { server, client, received } = await setUp(['BTC-USD', 'ETH-USD']);
  try {
    await received.until('both snapshots', () => received.events.filter((e) => e.kind === 'snapshot').length === 2);
    received.skipSeen();
    server.dropConnections();
    const stale = await received.next('BTC stale', (e) => e.kind === 'stale' && e.productId === 'BTC-USD');
    assert.equal(stale, { kind: 'stale', productId: 'BTC-USD', reason: 'connection lost' });
    const fresh = (await received.next('fresh BTC snapshot', snapshotOf('BTC-USD'))) as { message: Level2Snapshot };
    assert.equal(fresh.message, { ...server.simulator.snapshot('BTC-USD')!, time: fresh.message.time });
    assert.equal(client.reconnects, 1);
  } finally {
    await tearDown(server, client);
  }
});

test('a skipped sequence number makes the product stale, drops its updates and brings a fresh snapshot', async () => {
  const { server, client, received, logs } = await setUp(['BTC-USD', 'ETH-USD']);
  try {
    await received.until('both snapshots', () => received.events.filter((e) => e.kind === 'snapshot').length === 2);
    received.skipSeen();
    server.skipSequence('BTC-USD');
    const [gapped] = server.emit(['BTC-USD']);
    assert.equal(await received.next('stale', (e) => e.kind === 'stale'), {
      kind: 'stale',
      productId: 'BTC-USD',
      reason: 'sequence gap',
    });
    const fresh = (await received.next('fresh snapshot', snapshotOf('BTC-USD'))) as { message: Level2Snapshot };
    assert.equal(fresh.message.sequence, gapped!.sequence);
    assert.equal(fresh.message, { ...server.simulator.snapshot('BTC-USD')!, time: fresh.message.time });
    const [next] = server.emit(['BTC-USD']);
    assert.equal(await received.next('update after', () => true), { kind: 'update', message: next });
    assert.ok(
      received.events.every((e) => e.kind !== 'update' || e.message.sequence !== gapped!.sequence),
      'the update after the gap is dropped',
    );
    assert.ok(logs().includes('sequence gap'));
    assert.equal(client.reconnects, 0);
  } finally {
    await tearDown(server, client);
  }
});

test('a malformed message is logged and treated as a gap of its product, or of every product when none is named', async () => {
  const { server, client, received, logs } = await setUp(['BTC-USD', 'ETH-USD']);
  try {
    await received.until('both snapshots', () => received.events.filter((e) => e.kind === 'snapshot').length === 2);
    received.skipSeen();
    server.sendRaw(
      JSON.stringify({ type: 'l2update', product_id: 'ETH-USD', sequence: 1, changes: [['up', '1', '2']] }),
    );
    assert.equal(await received.next('ETH stale', (e) => e.kind === 'stale'), {
      kind: 'stale',
      productId: 'ETH-USD',
      reason: 'malformed message',
    });
    await received.next('fresh ETH snapshot', snapshotOf('ETH-USD'));
    assert.ok(logs().includes('$.time must be an ISO 8601 date-time'), 'the log names what broke');
    received.skipSeen();
    const before = received.events.length;
    server.sendRaw('{not json');
    const after = () => received.events.slice(before);
    await received.until('every product fresh again', () => after().filter((e) => e.kind === 'snapshot').length === 2);
    assert.equal(
      after()
        .filter((e) => e.kind === 'stale')
        .map((e) => (e as { productId: string }).productId)
        .sort(),
      ['BTC-USD', 'ETH-USD'],
    );
    received.skipSeen();
    const [update] = server.emit(['BTC-USD']);
    assert.equal(await received.next('updates go on', (e) => e.kind === 'update'), { kind: 'update', message: update });
  } finally {
    await tearDown(server, client);
  }
});

test('an unknown product is refused by the server and logged; the others are served', async () => {
  const { server, client, received, logs } = await setUp(['BTC-USD', 'NOPE-USD']);
  try {
    await received.next('BTC snapshot', snapshotOf('BTC-USD'));
    const [update] = server.emit(['BTC-USD']);
    assert.equal(await received.next('BTC update', (e) => e.kind === 'update'), { kind: 'update', message: update });
    assert.ok(logs().includes('NOPE-USD is not a valid product'));
    assert.ok(received.events.every((e) => e.kind !== 'snapshot' || e.message.product_id !== 'NOPE-USD'));
  } finally {
    await tearDown(server, client);
  }
});

test('reconnect delays double from the first to the bound, jittered into their upper half', () => {
  const lowest = () => 0;
  const highest = () => 0.999999;
  assert.equal(
    [0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, defaultLevel2Backoff, lowest)),
    [250, 500, 1_000, 2_000],
  );
  assert.equal(reconnectDelayMs(0, defaultLevel2Backoff, highest), 500);
  assert.equal(reconnectDelayMs(40, defaultLevel2Backoff, lowest), 15_000);
  assert.equal(reconnectDelayMs(40, defaultLevel2Backoff, highest), 30_000);
});

test('a client that cannot connect keeps trying with backoff and connects once the server is up', async () => {
  const server = await serveMarketData(createMarketDataSimulator({ productIds: ['BTC-USD'] }), { updatesPerSecond: 0 });
  const url = server.url;
  await server.close();
  const received = eventRecorder<Received>();
  const { logger } = capturingLogger();
  const client = connectLevel2Client({
    url,
    productIds: ['BTC-USD'],
    logger,
    backoff: fast,
    handler: {
      snapshot: (message) => received.record({ kind: 'snapshot', message }),
      update: () => {},
      stale: () => {},
    },
  });
  const port = Number(new URL(url).port);
  let again: MarketDataSimulatorServer | undefined;
  try {
    again = await serveMarketData(createMarketDataSimulator({ productIds: ['BTC-USD'] }), {
      updatesPerSecond: 0,
      port,
    });
    await received.next('snapshot after the server came up', snapshotOf('BTC-USD'));
    assert.ok(client.connected);
  } finally {
    await client.close();
    await again?.close();
  }
});

test.run();
