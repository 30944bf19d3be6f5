// Wraps every root field resolver of the business API (and every subscription's subscribe) with
// the caller check of business-caller.ts, using the field's scope from operation-scopes.ts.
// Generic over the resolver map it is given (resolvers/business-resolvers.ts's), so it imports
// nothing of the resolvers that call it.
import type { GraphqlContext } from './graphql-context.ts';
import { businessCaller } from './business-caller.ts';
import { operationScopes } from './operation-scopes.ts';
import { inSpan } from '../observability/tracing/in-span.ts';
import { tracingOn } from '../observability/tracing/tracing.ts';

type Resolve = (parent: unknown, args: unknown, context: GraphqlContext, info: unknown) => unknown;

/** What the guard wraps: the three root types of a resolver map. */
interface RootTypeResolvers {
  readonly Query: object;
  readonly Mutation: object;
  readonly Subscription: object;
}

export function guardRootFields<Resolvers extends RootTypeResolvers>(resolvers: Resolvers): Resolvers {
  return {
    ...resolvers,
    Query: guardEach(resolvers.Query, operationScopes.Query),
    Mutation: guardEach(resolvers.Mutation, operationScopes.Mutation),
    Subscription: guardEach(resolvers.Subscription, operationScopes.Subscription, 'subscribe'),
  };
}

function guardEach<Fields extends object>(
  fields: Fields,
  scopes: Readonly<Record<string, string | null>>,
  slot?: 'subscribe',
): Fields {
  const guarded: Record<string, unknown> = {};
  for (const [field, resolver] of Object.entries(fields)) {
    const scope = scopes[field] as Parameters<typeof businessCaller>[2];
    if (slot) {
      const { subscribe, resolve } = resolver as { subscribe: Resolve; resolve?: Resolve };
      guarded[field] = { subscribe: guard(subscribe, field, scope), ...(resolve ? { resolve } : {}) };
    } else {
      guarded[field] = guard(resolver as Resolve, field, scope);
    }
  }
  return guarded as Fields;
}

function guard(resolve: Resolve, field: string, scope: Parameters<typeof businessCaller>[2]): Resolve {
  const spanName = `graphql.resolve ${field}`;
  return (parent, args, context, info) => {
    businessCaller(context.principal, field, scope);
    if (!tracingOn()) return resolve(parent, args, context, info);
    return inSpan(spanName, { 'graphql.field.name': field }, () => resolve(parent, args, context, info));
  };
}
