// The market data feed on the upstream client, against the simulator over loopback WebSockets
// (docs/market-data.md#the-client): snapshot events then update events carrying only the changed
// levels, sorted; the feed's book equals the simulator's after many updates, and again after a
// dropped connection or a skipped sequence number, each followed by a fresh snapshot event; a
// listener replaying the events holds the feed's book.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BookEvent, MarketDataFeed } from '../../../src/domain/market-data/market-data-feed.ts';
import { createLevelBook } from '../../../src/domain/market-data/level-book.ts';
import { createUpstreamFeed } from '../../../src/domain/market-data/upstream-feed.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createMarketDataProvider } from '../../../src/providers/market-data/create-market-data-provider.ts';
import type { MarketDataProvider } from '../../../src/providers/market-data/market-data-provider.ts';
import { eventRecorder, type EventRecorder } from '../../support/event-recorder.ts';

const silent = createLogger('silent');
const products = ['BTC-USD', 'ETH-BTC', 'ETH-USD'];

async function setUp(updatesPerSecond = 0) {
  const provider = await createMarketDataProvider({
    productIds: products,
    logger: silent,
    simulator: { updatesPerSecond, seed: 3 },
  });
  const feed = createUpstreamFeed({
    provider,
    productIds: products,
    logger: silent,
    backoff: { initialMs: 10, maxMs: 50 },
  });
  const events = eventRecorder<BookEvent>();
  feed.listen((event) => events.record(event));
  await events.until('every snapshot', () => products.every((id) => feed.snapshot(id) !== null));
  return { provider, feed, events };
}

async function tearDown(provider: MarketDataProvider, feed: MarketDataFeed) {
  await feed.close();
  await provider.close();
}

/** The simulator's book of the product as the feed lists levels. */
function simulatorBook(provider: MarketDataProvider, productId: string) {
  const snapshot = provider.simulator!.simulator.snapshot(productId)!;
  const levels = (side: readonly (readonly [string, string])[]) => side.map(([price, size]) => ({ price, size }));
  return { bids: levels(snapshot.bids), asks: levels(snapshot.asks) };
}

function feedBook(feed: MarketDataFeed, productId: string) {
  const snapshot = feed.snapshot(productId)!;
  return { bids: snapshot.bids, asks: snapshot.asks };
}

/** Emits `count` rounds of updates and waits until the feed has applied every one. */
async function emitRounds(provider: MarketDataProvider, events: EventRecorder<BookEvent>, count: number) {
  const before = events.events.length;
  for (let round = 0; round < count; round += 1) provider.simulator!.emit();
  await events.until(
    `${count * products.length} updates`,
    () => events.events.slice(before).filter((e) => e.kind === 'update').length === count * products.length,
  );
}

/** A book rebuilt from the events alone. */
function replay(events: readonly BookEvent[], productId: string) {
  const book = createLevelBook();
  for (const event of events) {
    if (event.productId !== productId) continue;
    if (event.kind === 'snapshot') book.replace(event.bids, event.asks);
    else {
      for (const level of event.bids) book.set('bids', level.price, level.size);
      for (const level of event.asks) book.set('asks', level.price, level.size);
    }
  }
  return { bids: book.levels('bids'), asks: book.levels('asks') };
}

test('snapshot events first, then updates; after 200 rounds each book equals the simulator and the replayed events', async () => {
  const { provider, feed, events } = await setUp();
  try {
    assert.equal(feed.products(), products);
    assert.equal(
      events.events.map((e) => e.kind),
      ['snapshot', 'snapshot', 'snapshot'],
    );
    await emitRounds(provider, events, 200);
    for (const productId of products) {
      assert.equal(feedBook(feed, productId), simulatorBook(provider, productId), productId);
      assert.equal(replay(events.events, productId), feedBook(feed, productId), `${productId} replayed`);
      assert.equal(await feed.book(productId), feedBook(feed, productId));
    }
  } finally {
    await tearDown(provider, feed);
  }
});

test('an update event carries only the changed levels, sorted, with the size the book now has (0 when removed)', async () => {
  const { provider, feed, events } = await setUp();
  try {
    events.skipSeen();
    const [sent] = provider.simulator!.emit(['BTC-USD']);
    const event = await events.next('the update', (e) => e.kind === 'update');
    const changed = (side: 'buy' | 'sell') => {
      const last = new Map(sent!.changes.filter(([s]) => s === side).map(([, price, size]) => [price, size]));
      return [...last].map(([price, size]) => ({ price, size }));
    };
    const byPrice = (direction: number) => (a: { price: string }, b: { price: string }) =>
      direction * (Number(a.price) - Number(b.price));
    assert.equal(event, {
      kind: 'update',
      productId: 'BTC-USD',
      time: sent!.time,
      bids: changed('buy').sort(byPrice(-1)),
      asks: changed('sell').sort(byPrice(1)),
    });
  } finally {
    await tearDown(provider, feed);
  }
});

test('after the simulator drops the connection: a fresh snapshot event per product, then equal books', async () => {
  const { provider, feed, events } = await setUp();
  try {
    await emitRounds(provider, events, 20);
    events.skipSeen();
    provider.simulator!.dropConnections();
    provider.simulator!.emit();
    for (const productId of products)
      await events.next(`fresh ${productId} snapshot`, (e) => e.kind === 'snapshot' && e.productId === productId);
    await emitRounds(provider, events, 20);
    for (const productId of products)
      assert.equal(feedBook(feed, productId), simulatorBook(provider, productId), productId);
  } finally {
    await tearDown(provider, feed);
  }
});

test('after a skipped sequence number: the product goes stale, a fresh snapshot event follows, books equal again', async () => {
  const { provider, feed, events } = await setUp();
  try {
    await emitRounds(provider, events, 5);
    events.skipSeen();
    const before = events.events.length;
    provider.simulator!.skipSequence('ETH-USD');
    provider.simulator!.emit(['ETH-USD']);
    const snapshot = await events.next('fresh snapshot', (e) => e.kind === 'snapshot');
    assert.equal(snapshot.productId, 'ETH-USD');
    assert.equal(
      events.events
        .slice(before)
        .filter((e) => e.productId === 'ETH-USD')
        .map((e) => e.kind),
      ['snapshot'],
    );
    assert.equal(feedBook(feed, 'ETH-USD'), simulatorBook(provider, 'ETH-USD'));
    await emitRounds(provider, events, 5);
    for (const productId of products)
      assert.equal(feedBook(feed, productId), simulatorBook(provider, productId), productId);
  } finally {
    await tearDown(provider, feed);
  }
});

test('a product the feed does not track has no book; a stopped listener hears nothing more', async () => {
  const { provider, feed, events } = await setUp();
  try {
    assert.is(feed.snapshot('DOGE-USD'), null);
    assert.is(await feed.book('DOGE-USD'), null);
    const heard: BookEvent[] = [];
    const stop = feed.listen((event) => heard.push(event));
    await emitRounds(provider, events, 1);
    stop();
    await emitRounds(provider, events, 1);
    assert.equal(heard.length, products.length);
  } finally {
    await tearDown(provider, feed);
  }
});

test('with a rate, the simulator sends updates by itself', async () => {
  const { provider, feed, events } = await setUp(50);
  try {
    await events.until('10 updates', () => events.events.filter((e) => e.kind === 'update').length >= 10);
  } finally {
    await tearDown(provider, feed);
  }
});

test.run();
