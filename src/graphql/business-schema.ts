// The executable business schema: schema.graphql (the source of truth, read as is) with the
// resolver map of resolvers/business-resolvers.ts attached.
import { readFileSync } from 'node:fs';
import { type GraphQLSchema, buildSchema } from 'graphql';
import { attachResolvers } from './attach-resolvers.ts';
import type { BusinessServices } from './business-services.ts';
import { businessResolvers } from './resolvers/business-resolvers.ts';

const schemaFile = new URL('../../schema.graphql', import.meta.url);

export interface BusinessSchemaOptions {
  services: BusinessServices;
}

export function createBusinessSchema({ services }: BusinessSchemaOptions): GraphQLSchema {
  const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
  attachResolvers(schema, businessResolvers(services));
  assertEveryRootFieldResolved(schema);
  return schema;
}

/**
 * The type checker already demands a resolver for every root field
 * of generated/graphql/resolver-types.ts; this catches a schema.graphql edited without
 * `npm run codegen`, whose new fields the generated types do not know yet.
 */
function assertEveryRootFieldResolved(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      if (!field.resolve)
        throw new Error(
          `${type?.name}.${field.name} has no resolver: run npm run codegen and build it (docs/adding-an-endpoint.md)`,
        );
    }
  }
}
