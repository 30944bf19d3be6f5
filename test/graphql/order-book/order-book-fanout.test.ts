// The order-book fan-out (src/graphql/order-book/order-book-fanout.ts, docs/market-data.md#fan-out)
// over a feed the test drives: a SNAPSHOT first per product, then L2UPDATEs with consecutive
// sequence numbers; nothing for products not followed; one rendering per event and shape; a
// subscriber too far behind skips events and gets a SNAPSHOT once it catches up, while the others
// get every update; a fresh upstream snapshot reaches everyone without resetting the sequence;
// events that come faster than they are delivered are merged.
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOrderBookFanout } from '../../../src/graphql/order-book/order-book-fanout.ts';
import {
  type OrderBookRenderer,
  createOrderBookRenderer,
} from '../../../src/graphql/order-book/order-book-renderer.ts';
import { book, recordingSink, scriptedFeed } from './scripted-feed.ts';

const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
const query = 'subscription { orderBookUpdates { productId type sequence bids { price size } asks { price } } }';

function countingRenderer(sinkQuery: string): OrderBookRenderer & { calls: number } {
  const inner = createOrderBookRenderer(schema, recordingSink('x', sinkQuery).operation, {});
  const counting = {
    calls: 0,
    render: (message: Parameters<OrderBookRenderer['render']>[0]) => {
      counting.calls += 1;
      return inner.render(message);
    },
  };
  return counting;
}

const update = (productId: string, price: string, size: string) => ({
  kind: 'update' as const,
  productId,
  time: '2026-11-24T12:00:01.000Z',
  bids: [{ price, size }],
  asks: [],
});

/** Lets the fan-out deliver what the feed told it (it delivers on the next turn of the event loop). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const message = (productId: string, type: string, sequence: number, bids: unknown[], asks: unknown[]) => ({
  data: { orderBookUpdates: { productId, type, sequence, bids, asks } },
});

test('a snapshot comes first per product, then sequenced updates, and nothing of other products', async () => {
  const feed = scriptedFeed(['BTC-USD', 'ETH-USD', 'SOL-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  const fanout = createOrderBookFanout({ feed });
  const sink = recordingSink('1', query);
  fanout.follow(sink, countingRenderer(query), ['BTC-USD', 'ETH-USD']);
  feed.updateEvent(update('BTC-USD', '100', '3'), book('BTC-USD', '100', '101'));
  await settle();
  feed.updateEvent(update('SOL-USD', '20', '1'), book('SOL-USD', '20', '21'));
  await settle();
  feed.snapshotEvent(book('ETH-USD', '10', '11'));
  await settle();
  feed.updateEvent(update('ETH-USD', '9.5', '0'), book('ETH-USD', '10', '11'));
  await settle();
  assert.equal(sink.payloads, [
    message('BTC-USD', 'SNAPSHOT', 1, [{ price: '100', size: '1.5' }], [{ price: '101' }]),
    message('BTC-USD', 'L2UPDATE', 2, [{ price: '100', size: '3' }], []),
    message('ETH-USD', 'SNAPSHOT', 1, [{ price: '10', size: '1.5' }], [{ price: '11' }]),
    message('ETH-USD', 'L2UPDATE', 2, [{ price: '9.5', size: '0' }], []),
  ]);
});

test('each event is rendered once for all subscribers of one shape', async () => {
  const feed = scriptedFeed(['BTC-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  const fanout = createOrderBookFanout({ feed });
  const renderer = countingRenderer(query);
  const sinks = ['a', 'b', 'c'].map((id) => recordingSink(id, query));
  for (const sink of sinks) fanout.follow(sink, renderer, ['BTC-USD']);
  assert.is(renderer.calls, 1, 'one snapshot rendering for three new subscribers');
  feed.updateEvent(update('BTC-USD', '99', '1'), book('BTC-USD', '100', '101'));
  await settle();
  assert.is(renderer.calls, 2, 'one update rendering for three subscribers');
  for (const sink of sinks) assert.is(sink.payloads.length, 2);
});

test('a subscriber too far behind skips events, then gets a SNAPSHOT; the others get every update', async () => {
  const feed = scriptedFeed(['BTC-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  const skipped: number[] = [];
  const fanout = createOrderBookFanout({
    feed,
    maxUnsentBytes: 1000,
    observer: { followers: () => {}, sent: () => {}, skipped: () => skipped.push(1) },
  });
  const renderer = countingRenderer(query);
  const slow = recordingSink('slow', query);
  const fast = recordingSink('fast', query);
  fanout.follow(slow, renderer, ['BTC-USD']);
  fanout.follow(fast, renderer, ['BTC-USD']);
  slow.backlog = 1001;
  feed.updateEvent(update('BTC-USD', '99', '1'), book('BTC-USD', '99', '101'));
  await settle();
  feed.updateEvent(update('BTC-USD', '98', '1'), book('BTC-USD', '98', '101'));
  await settle();
  slow.backlog = 0;
  feed.updateEvent(update('BTC-USD', '97', '1'), book('BTC-USD', '97', '101'));
  await settle();
  assert.is(skipped.length, 2);
  assert.equal(
    fast.payloads.map((payload: any) => [payload.data.orderBookUpdates.type, payload.data.orderBookUpdates.sequence]),
    [
      ['SNAPSHOT', 1],
      ['L2UPDATE', 2],
      ['L2UPDATE', 3],
      ['L2UPDATE', 4],
    ],
  );
  assert.equal(slow.payloads, [
    message('BTC-USD', 'SNAPSHOT', 1, [{ price: '100', size: '1.5' }], [{ price: '101' }]),
    message('BTC-USD', 'SNAPSHOT', 2, [{ price: '97', size: '1.5' }], [{ price: '101' }]),
  ]);
});

test('an upstream snapshot reaches every subscriber as a SNAPSHOT and keeps counting', async () => {
  const feed = scriptedFeed(['BTC-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  const fanout = createOrderBookFanout({ feed });
  const sink = recordingSink('1', query);
  fanout.follow(sink, countingRenderer(query), ['BTC-USD']);
  feed.snapshotEvent(book('BTC-USD', '200', '201'));
  await settle();
  assert.equal(
    sink.payloads[1],
    message('BTC-USD', 'SNAPSHOT', 2, [{ price: '200', size: '1.5' }], [{ price: '201' }]),
  );
});

test('a product without a book yet sends nothing until its first snapshot', async () => {
  const feed = scriptedFeed(['BTC-USD']);
  const fanout = createOrderBookFanout({ feed });
  const sink = recordingSink('1', query);
  fanout.follow(sink, countingRenderer(query), ['BTC-USD']);
  assert.equal(sink.payloads, []);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  await settle();
  assert.equal(sink.payloads, [message('BTC-USD', 'SNAPSHOT', 1, [{ price: '100', size: '1.5' }], [{ price: '101' }])]);
});

test('after unfollowing, nothing more is sent, and the followers count returns to zero', async () => {
  const feed = scriptedFeed(['BTC-USD', 'ETH-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  let followers = 0;
  const fanout = createOrderBookFanout({
    feed,
    observer: { followers: (delta) => (followers += delta), sent: () => {}, skipped: () => {} },
  });
  const sink = recordingSink('1', query);
  const stop = fanout.follow(sink, countingRenderer(query), ['BTC-USD', 'ETH-USD']);
  assert.is(followers, 2);
  stop();
  assert.is(followers, 0);
  feed.updateEvent(update('BTC-USD', '99', '1'), book('BTC-USD', '99', '101'));
  await settle();
  assert.is(sink.payloads.length, 1);
});

test('events before a delivery merge: updates into one L2UPDATE, anything after a snapshot into the SNAPSHOT', async () => {
  const feed = scriptedFeed(['BTC-USD', 'ETH-USD']);
  feed.snapshotEvent(book('BTC-USD', '100', '101'));
  feed.snapshotEvent(book('ETH-USD', '10', '11'));
  const fanout = createOrderBookFanout({ feed });
  const sink = recordingSink('1', query);
  fanout.follow(sink, countingRenderer(query), ['BTC-USD', 'ETH-USD']);
  feed.updateEvent(update('BTC-USD', '99', '1'), book('BTC-USD', '100', '101'));
  feed.updateEvent(update('BTC-USD', '98', '2'), book('BTC-USD', '100', '101'));
  feed.updateEvent(update('BTC-USD', '99.0', '0'), book('BTC-USD', '100', '101'));
  feed.snapshotEvent(book('ETH-USD', '12', '13'));
  feed.updateEvent(update('ETH-USD', '11', '4'), book('ETH-USD', '11', '13'));
  await settle();
  assert.equal(sink.payloads.slice(2), [
    message(
      'BTC-USD',
      'L2UPDATE',
      2,
      [
        { price: '99.0', size: '0' },
        { price: '98', size: '2' },
      ],
      [],
    ),
    message('ETH-USD', 'SNAPSHOT', 2, [{ price: '11', size: '1.5' }], [{ price: '13' }]),
  ]);
});

test.run();
