// A resolver for every root field of not-implemented-fields.ts: each answers a GraphQL error
// with code NOT_IMPLEMENTED, and a subscription fails when it is subscribed to.
import { GraphQLError } from 'graphql';
import { type NotImplementedField, notImplementedFields } from '../not-implemented-fields.ts';

type Fail = () => never;

export type NotImplementedResolvers = {
  Query: Record<NotImplementedField<'Query'>, Fail>;
  Mutation: Record<NotImplementedField<'Mutation'>, Fail>;
  Subscription: Record<NotImplementedField<'Subscription'>, { subscribe: Fail; resolve: Fail }>;
};

export function notImplementedResolvers(): NotImplementedResolvers {
  return {
    Query: byField(notImplementedFields.Query, failing),
    Mutation: byField(notImplementedFields.Mutation, failing),
    Subscription: byField(notImplementedFields.Subscription, (field) => ({
      subscribe: failing(field),
      resolve: failing(field),
    })),
  };
}

function failing(field: string): Fail {
  return () => {
    throw new GraphQLError(`not implemented: ${field}`, { extensions: { code: 'NOT_IMPLEMENTED' } });
  };
}

function byField<Field extends string, Value>(
  fields: readonly Field[],
  value: (field: Field) => Value,
): Record<Field, Value> {
  // Object.fromEntries forgets the key names; they are exactly `fields`.
  return Object.fromEntries(fields.map((field) => [field, value(field)])) as Record<Field, Value>;
}
