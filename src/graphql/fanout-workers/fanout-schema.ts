// A fan-out worker's schema (docs/market-data.md#fan-out-on-several-cores): schema.graphql's types,
// read as is, with only the order-book subscription resolved (behind the same root-field guard as
// the service's). The worker validates every operation against the whole schema but runs only
// orderBookUpdates itself; queries and mutations run in the service's process, so their fields
// need no resolver here, and the worker loads none of the domain behind them.
import { readFileSync } from 'node:fs';
import { type GraphQLSchema, buildSchema } from 'graphql';
import { attachResolvers } from '../attach-resolvers.ts';
import { guardRootFields } from '../guard-root-fields.ts';
import type { OrderBookFanout } from '../order-book/order-book-fanout.ts';
import { orderBookResolvers } from '../resolvers/order-book-resolvers.ts';
import { scalars } from '../scalars.ts';

const schemaFile = new URL('../../../schema.graphql', import.meta.url);

export function createFanoutSchema(orderBooks: OrderBookFanout): GraphQLSchema {
  const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
  const { Subscription } = orderBookResolvers(orderBooks);
  attachResolvers(schema, guardRootFields({ ...scalars, Query: {}, Mutation: {}, Subscription }));
  return schema;
}
