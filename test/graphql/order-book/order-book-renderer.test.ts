// Rendering an order-book message as a subscription document selects it
// (src/graphql/order-book/order-book-renderer.ts): aliases, fragments and __typename come out as
// graphql-js executes them, and the sequence goes in per subscriber, in every place it is selected.
import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderBookMessage } from '../../../src/graphql/order-book/order-book-message.ts';
import { createOrderBookRenderer } from '../../../src/graphql/order-book/order-book-renderer.ts';
import { book } from './scripted-feed.ts';

const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));

const render = (query: string, sequence: number, variableValues?: Record<string, unknown>) =>
  JSON.parse(
    createOrderBookRenderer(schema, { document: parse(query), operationName: undefined, variableValues }, {})
      .render(orderBookMessage(book('BTC-USD', '2147483647', '2147483648')))
      .withSequence(sequence),
  );

test('aliases, fragments and __typename render as graphql-js executes them, with the sequence put in', () => {
  const query = `subscription {
    book: orderBookUpdates { __typename seq: sequence again: sequence ...Levels }
  }
  fragment Levels on OrderBookUpdate { kind: type time bids { price } }`;
  assert.equal(render(query, 7), {
    data: {
      book: {
        __typename: 'OrderBookUpdate',
        seq: 7,
        again: 7,
        kind: 'SNAPSHOT',
        time: '2026-11-24T12:00:00.000Z',
        bids: [{ price: '2147483647' }],
      },
    },
  });
});

test('a selection without the sequence has nothing put in; directives follow the variables', () => {
  const query = 'subscription ($full: Boolean!) { orderBookUpdates { productId asks @include(if: $full) { size } } }';
  assert.equal(render(query, 3, { full: true }), {
    data: { orderBookUpdates: { productId: 'BTC-USD', asks: [{ size: '2' }] } },
  });
  assert.equal(render(query, 3, { full: false }), { data: { orderBookUpdates: { productId: 'BTC-USD' } } });
});

test.run();
