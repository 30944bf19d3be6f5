// The executable business schema: schema.graphql (the source of truth, read as is) with the
// resolvers attached. Fields without a resolver yet answer NOT_IMPLEMENTED.
import { readFileSync } from 'node:fs';
import { type GraphQLFieldResolver, GraphQLError, GraphQLObjectType, type GraphQLSchema, buildSchema } from 'graphql';
import { notImplementedFields } from './not-implemented-fields.ts';
import { queryResolvers } from './resolvers/query-resolvers.ts';
import { scalars } from './scalars.ts';

const schemaFile = new URL('../../schema.graphql', import.meta.url);

export function createBusinessSchema(): GraphQLSchema {
  const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
  for (const [name, scalar] of Object.entries(scalars)) {
    const target = schema.getType(name);
    if (!target || !('serialize' in target)) continue;
    Object.assign(target, { serialize: scalar.serialize, parseValue: scalar.parseValue, parseLiteral: scalar.parseLiteral });
  }
  attach(schema.getQueryType(), queryResolvers as Record<string, GraphQLFieldResolver<unknown, unknown>>);
  for (const [typeName, fields] of Object.entries(notImplementedFields)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) continue;
    for (const field of fields) {
      const definition = type.getFields()[field];
      if (!definition) throw new Error(`not-implemented-fields.ts names ${typeName}.${field}, which schema.graphql does not have`);
      const fail = () => {
        throw new GraphQLError(`not implemented: ${field}`, { extensions: { code: 'NOT_IMPLEMENTED' } });
      };
      definition.resolve = fail;
      if (typeName === 'Subscription') definition.subscribe = fail;
    }
  }
  assertEveryRootFieldResolved(schema);
  return schema;
}

/** A root field with neither a resolver nor a not-implemented entry is a build mistake. */
function assertEveryRootFieldResolved(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      if (!field.resolve) throw new Error(`${type?.name}.${field.name} has no resolver and is not listed in not-implemented-fields.ts`);
    }
  }
}

function attach(type: GraphQLObjectType | null | undefined, resolvers: Record<string, GraphQLFieldResolver<unknown, unknown>>): void {
  if (!type) return;
  const fields = type.getFields();
  for (const [name, resolve] of Object.entries(resolvers)) {
    const field = fields[name];
    if (!field) throw new Error(`resolver for unknown field ${type.name}.${name}`);
    field.resolve = resolve;
  }
}
