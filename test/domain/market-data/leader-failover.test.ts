// The market data leader's failover (docs/market-data.md#failover), with the default lease, real
// Redis and a live simulator upstream: a leader that dies without a word (in process: its bus
// fails every command and hears nothing, its lock is not released; in a child process: SIGKILL)
// is replaced, and the follower's listeners get a fresh snapshot of every book, within 1.5 s; a
// leader whose renewals stall stops publishing before the follower leads, so the follower hears
// the two leaderships one after the other, never interleaved; a stale leader's message is ignored.
// These tests need Redis at TEST_REDIS_URL (test/support/test-redis.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../../../src/cache/redis-connection.ts';
import type { BookEvent } from '../../../src/domain/market-data/market-data-feed.ts';
import { createRelayedFeed, type RelayedFeed } from '../../../src/domain/market-data/relayed-feed.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createMarketDataProvider } from '../../../src/providers/market-data/create-market-data-provider.ts';
import type { MarketDataProvider } from '../../../src/providers/market-data/market-data-provider.ts';
import { RedisRelayBus } from '../../../src/providers/market-data/redis-relay-bus.ts';
import { eventRecorder, type EventRecorder } from '../../support/event-recorder.ts';
import { redisTest, testRedisUrl } from '../../support/test-redis.ts';
import { controlledRelayBus, type ControlledRelayBus } from './support/controlled-relay-bus.ts';

const withRedis = await redisTest('the market data leader’s failover through Redis');
const silent = createLogger('silent');
const products = ['BTC-USD', 'ETH-USD', 'SOL-USD'];
/** The contract: a dead leader's books are live again on every node within this. */
const failoverBoundMs = 1_500;
let run = 0;

interface Node {
  feed: RelayedFeed;
  bus: ControlledRelayBus;
  events: EventRecorder<BookEvent>;
}

const newPrefix = () => `test-failover-${process.pid}-${Date.now()}-${(run += 1)}:`;

async function simulator(updatesPerSecond: number): Promise<MarketDataProvider> {
  return createMarketDataProvider({ productIds: products, logger: silent, simulator: { updatesPerSecond, seed: 11 } });
}

/** A node with the default lease and timings (the contract under test), on a bus the test can break. */
async function startNode(provider: MarketDataProvider, keyPrefix: string): Promise<Node> {
  const bus = controlledRelayBus(new RedisRelayBus({ url: testRedisUrl, logger: silent, keyPrefix }));
  const feed = await createRelayedFeed({ provider, productIds: products, bus, logger: silent });
  const events = eventRecorder<BookEvent>();
  feed.listen((event) => events.record(event));
  await events.until('a book of every product', () => products.every((id) => feed.snapshot(id) !== null));
  return { feed, bus, events };
}

/** Resolves with the milliseconds from `since` until every product had a snapshot after `mark`. */
async function freshSnapshots(node: Node, mark: number, since: number): Promise<number> {
  await node.events.until('fresh snapshots of every product', () =>
    products.every((id) => node.events.events.slice(mark).some((e) => e.kind === 'snapshot' && e.productId === id)),
  );
  return performance.now() - since;
}

function simulatorBook(provider: MarketDataProvider, productId: string) {
  const snapshot = provider.simulator!.simulator.snapshot(productId)!;
  const levels = (side: readonly (readonly [string, string])[]) => side.map(([price, size]) => ({ price, size }));
  return { bids: levels(snapshot.bids), asks: levels(snapshot.asks) };
}

/** Waits until `check` holds, looking every few ms (for what records no book event); the bound only names a hang. */
async function eventually(what: string, check: () => boolean): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`never held: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const bookOf = (node: Node, productId: string) => {
  const snapshot = node.feed.snapshot(productId);
  return snapshot && { bids: snapshot.bids, asks: snapshot.asks };
};

/** The follower's view of the channel: the epochs in the order heard, runs of one epoch collapsed. */
function epochRuns(bus: ControlledRelayBus): number[] {
  return bus.heard.map((m) => m.epoch).filter((epoch, index, all) => index === 0 || all[index - 1] !== epoch);
}

withRedis('a leader that dies without a word: the follower leads with fresh snapshots within 1.5 s', async () => {
  const provider = await simulator(10);
  const keyPrefix = newPrefix();
  const a = await startNode(provider, keyPrefix);
  const b = await startNode(provider, keyPrefix);
  try {
    assert.equal([a.feed.role(), b.feed.role()], ['leader', 'follower']);
    await b.events.until('live updates', () => b.events.events.filter((e) => e.kind === 'update').length >= 6);
    const mark = b.events.events.length;
    const killedAt = performance.now();
    a.bus.crash();
    await a.feed.close(); // its release fails: the lock lives on in Redis, as after a crash
    await b.events.until('the follower leads', () => b.feed.role() === 'leader');
    const ledAfterMs = performance.now() - killedAt;
    const liveAfterMs = await freshSnapshots(b, mark, killedAt);
    console.log(
      `  failover (in process): leads after ${ledAfterMs.toFixed(0)} ms, snapshots after ${liveAfterMs.toFixed(0)} ms`,
    );
    assert.ok(liveAfterMs <= failoverBoundMs, `fresh snapshots ${liveAfterMs.toFixed(0)} ms after the leader died`);
    await b.events.until('updates of the new leadership', () =>
      b.events.events.slice(mark).some((e) => e.kind === 'update'),
    );
    const [epochA, epochB] = epochRuns(b.bus);
    assert.equal(epochRuns(b.bus), [epochA, epochB], 'one leadership, then the next');
    assert.ok(epochB! > epochA!);
  } finally {
    await b.feed.close();
    await provider.close();
  }
});

withRedis(
  'a leader killed with SIGKILL in its own process: the follower leads with fresh snapshots within 1.5 s',
  async () => {
    const keyPrefix = newPrefix();
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support/relay-node-process.ts')], {
      env: { ...process.env, REDIS_URL: testRedisUrl, KEY_PREFIX: keyPrefix, PRODUCTS: products.join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const roles = eventRecorder<string>();
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) roles.record((JSON.parse(line) as { role: string }).role);
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const provider = await simulator(10);
    let b: Node | null = null;
    try {
      await roles.next('the child leads', (role) => role === 'leader');
      b = await startNode(provider, keyPrefix);
      assert.is(b.feed.role(), 'follower');
      await b.events.until(
        'live updates from the child',
        () => b!.events.events.filter((e) => e.kind === 'update').length >= 6,
      );
      const mark = b.events.events.length;
      const killedAt = performance.now();
      child.kill('SIGKILL');
      assert.is(await exited, 'SIGKILL');
      const liveAfterMs = await freshSnapshots(b, mark, killedAt);
      console.log(`  failover (SIGKILL): leads and snapshots after ${liveAfterMs.toFixed(0)} ms`);
      assert.is(b.feed.role(), 'leader');
      assert.ok(liveAfterMs <= failoverBoundMs, `fresh snapshots ${liveAfterMs.toFixed(0)} ms after SIGKILL`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await b?.feed.close();
      await provider.close();
    }
  },
);

withRedis('a leader whose renewals stall stops publishing before the follower leads: never two leaders', async () => {
  const provider = await simulator(0);
  const keyPrefix = newPrefix();
  const a = await startNode(provider, keyPrefix);
  const b = await startNode(provider, keyPrefix);
  // Upstream events keep coming, so a leader that did not stop would go on publishing them; at a
  // rate a loaded machine keeps up with (every 5 ms saturated the process's event loop on a busy
  // machine, and a leader whose loop lags past its lease steps down, as it must).
  const emitting = setInterval(() => provider.simulator!.emit(), 40);
  try {
    await b.events.until('updates', () => b.events.events.filter((e) => e.kind === 'update').length >= 30);
    a.bus.stallRenewals();
    await b.events.until('the follower leads', () => b.feed.role() === 'leader');
    const epochB = b.bus.heard.at(-1)!.epoch;
    await b.events.until(
      '60 messages of the new leadership',
      () => b.bus.heard.filter((m) => m.epoch === epochB).length >= 60,
    );
    assert.is(a.feed.role(), 'follower', 'the stalled leader stepped down');
    // The renewals sent late are refused (the lock is the new leader's) and change nothing.
    a.bus.resumeRenewals();
    const atResume = b.bus.heard.length;
    await b.events.until('30 more messages', () => b.bus.heard.length >= atResume + 30);
    assert.equal([a.feed.role(), b.feed.role()], ['follower', 'leader']);
    const runs = epochRuns(b.bus);
    assert.is(runs.length, 2, `the follower heard the leaderships ${runs.join(', ')}: interleaved`);
    // The old leader heard the same two last (before the follower started it may have led twice).
    assert.equal(epochRuns(a.bus).slice(-2), runs, `the old leader heard ${epochRuns(a.bus).join(', ')}`);
    clearInterval(emitting);
    provider.simulator!.emit();
    const inStep = (node: Node) =>
      products.every((id) => JSON.stringify(bookOf(node, id)) === JSON.stringify(simulatorBook(provider, id)));
    await eventually('both nodes hold the simulator’s books', () => inStep(a) && inStep(b));
    for (const node of [a, b]) for (const id of products) assert.equal(bookOf(node, id), simulatorBook(provider, id));
  } finally {
    clearInterval(emitting);
    for (const node of [a, b]) await node.feed.close();
    await provider.close();
  }
});

withRedis('a message of an older leadership than the one followed is ignored, not taken for a gap', async () => {
  const provider = await simulator(0);
  const keyPrefix = newPrefix();
  const publisher = createRedisConnection({ url: testRedisUrl, logger: silent, use: 'test publisher' });
  const a = await startNode(provider, keyPrefix);
  const b = await startNode(provider, keyPrefix);
  try {
    assert.ok(await waitForRedis(publisher, 5_000));
    provider.simulator!.emit(['BTC-USD']);
    for (const node of [a, b])
      await node.events.until('the update', () => node.events.events.at(-1)?.kind === 'update');
    const epoch = b.bus.heard.at(-1)!.epoch;
    const before = b.feed.snapshot('BTC-USD');
    const marks = [a, b].map((n) => n.events.events.length);
    const stale = {
      leader: 'a-dead-node:1',
      epoch: epoch - 1,
      sequence: 1,
      resend: false,
      event: { kind: 'snapshot', productId: 'BTC-USD', time: new Date().toISOString(), bids: [], asks: [] },
    };
    await publisher.publish(`${keyPrefix}events`, JSON.stringify(stale));
    await eventually('the stale message heard', () => b.bus.heard.some((m) => m.epoch === epoch - 1));
    provider.simulator!.emit(['BTC-USD']);
    const inStep = (node: Node) =>
      JSON.stringify(bookOf(node, 'BTC-USD')) === JSON.stringify(simulatorBook(provider, 'BTC-USD'));
    await eventually('the next update on both nodes', () => inStep(a) && inStep(b));
    for (const [index, node] of [a, b].entries()) {
      assert.equal(
        node.events.events.slice(marks[index]).map((e) => e.kind),
        ['update'],
        'no stale snapshot applied, no gap, no fresh snapshot asked for',
      );
    }
    assert.ok(before!.bids.length > 0);
    for (const node of [a, b]) assert.equal(bookOf(node, 'BTC-USD'), simulatorBook(provider, 'BTC-USD'));
    assert.is(a.feed.role(), 'leader');
  } finally {
    await closeRedisConnection(publisher);
    for (const node of [a, b]) await node.feed.close();
    await provider.close();
  }
});

test.run();
