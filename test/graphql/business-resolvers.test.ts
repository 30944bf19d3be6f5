// The business schema's resolver map (src/graphql/resolvers/business-resolvers.ts), without a
// server: `ping` goes through it, and a map naming what schema.graphql lacks stops the build.
import { buildSchema, execute, parse } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { attachResolvers } from '../../src/graphql/attach-resolvers.ts';
import type { BusinessServices } from '../../src/graphql/business-services.ts';
import { createBusinessSchema } from '../../src/graphql/business-schema.ts';
import type { GraphqlContext } from '../../src/graphql/graphql-context.ts';

// ping calls no service, so none is given.
const schema = createBusinessSchema({ services: {} as BusinessServices });
// Every root field checks its caller first (src/graphql/guard-root-fields.ts): an admin key passes.
const admin = {
  principal: { kind: 'api-key', keyId: 'k', keyKind: 'admin', organizationId: null, scopes: [], ownerUserId: null },
} as unknown as GraphqlContext;

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

test('ping answers pong through the resolver map', async () => {
  const result = await execute({ schema, document: parse('{ ping }'), contextValue: admin });
  assert.is(result.errors, undefined);
  assert.is(result.data?.ping, 'pong');
});

test('a resolver for a field or type schema.graphql does not have stops the build', () => {
  const small = () => buildSchema('type Query { ping: String! }');
  const unknownField = thrownBy(() => attachResolvers(small(), { Query: { pong: () => 'ping' } } as never));
  assert.match(String(unknownField), /resolver for unknown field Query\.pong/);
  const unknownType = thrownBy(() => attachResolvers(small(), { Wallet: {} } as never));
  assert.match(String(unknownType), /names Wallet, which schema.graphql has not as a scalar, object or interface type/);
});

test.run();
