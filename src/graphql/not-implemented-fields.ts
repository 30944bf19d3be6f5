// THE list of business GraphQL root fields that still answer a NOT_IMPLEMENTED error
// (resolvers/not-implemented-resolvers.ts); later work only ever removes entries. Each entry
// must name a root field of schema.graphql, and a root
// field in neither this list nor implemented-resolvers.ts fails `npm run typecheck`.
import type { RootField, RootTypeName } from './root-resolvers.ts';

export const notImplementedFields = {
  Query: [],
  Mutation: [],
  Subscription: ['orderBookUpdates'],
} as const satisfies NotImplementedFieldList;

/** The shape of the list: for each root type, some of its fields. */
export type NotImplementedFieldList = { readonly [Root in RootTypeName]: readonly RootField<Root>[] };

export type NotImplementedField<Root extends RootTypeName> = (typeof notImplementedFields)[Root][number];
