// The resolver types of schema.graphql's three root types (Query, Mutation, Subscription), as
// generated/graphql/resolver-types.ts spells them, addressed by root type name.
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../../generated/graphql/resolver-types.ts';

export type RootResolvers = {
  Query: QueryResolvers;
  Mutation: MutationResolvers;
  Subscription: SubscriptionResolvers;
};

export type RootTypeName = keyof RootResolvers;

/** Every field of a root type of schema.graphql. */
export type RootField<Root extends RootTypeName> = keyof RootResolvers[Root] & string;
