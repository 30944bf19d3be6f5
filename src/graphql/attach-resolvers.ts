// Puts a resolver map onto the schema built from schema.graphql: each scalar's implementation
// onto the scalar of that name, each field resolver (or subscription's subscribe and resolve)
// onto its field, and an interface's `__resolveType` onto the interface (which implementation a
// value is). A name the schema does not have is a build mistake and stops the start.
import {
  type GraphQLFieldResolver,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import type { Resolvers } from '../../generated/graphql/resolver-types.ts';

// The generated types are precise per field; graphql's field slots take any resolver.
type AnyResolver = GraphQLFieldResolver<unknown, unknown>;
type FieldResolver = AnyResolver | { subscribe?: AnyResolver; resolve?: AnyResolver };
type TypeResolvers = { __resolveType: GraphQLTypeResolver<unknown, unknown> };

export function attachResolvers(schema: GraphQLSchema, resolvers: Resolvers): void {
  for (const [typeName, value] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (type instanceof GraphQLScalarType && value instanceof GraphQLScalarType) {
      // graphql 17 coerces through the coerce* methods, which a schema built from SDL fixed to the
      // identity when it was built: they are replaced too, or variables would skip the checks.
      Object.assign(type, {
        serialize: value.serialize,
        parseValue: value.parseValue,
        parseLiteral: value.parseLiteral,
        coerceOutputValue: value.coerceOutputValue,
        coerceInputValue: value.coerceInputValue,
        coerceInputLiteral: value.coerceInputLiteral,
      });
    } else if (type instanceof GraphQLInterfaceType && typeof (value as TypeResolvers).__resolveType === 'function') {
      type.resolveType = (value as TypeResolvers).__resolveType;
    } else if (type instanceof GraphQLObjectType) {
      for (const [field, resolver] of Object.entries(value as Record<string, FieldResolver>))
        attachField(type, field, resolver);
    } else {
      throw new Error(
        `the resolver map names ${typeName}, which schema.graphql has not as a scalar, object or interface type`,
      );
    }
  }
}

function attachField(type: GraphQLObjectType, name: string, resolver: FieldResolver): void {
  const field = type.getFields()[name];
  if (!field) throw new Error(`resolver for unknown field ${type.name}.${name}`);
  if (typeof resolver === 'function') {
    field.resolve = resolver;
    return;
  }
  if (resolver.subscribe) field.subscribe = resolver.subscribe;
  if (resolver.resolve) field.resolve = resolver.resolve;
}
