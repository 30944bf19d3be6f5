// The variables whose values shape an operation's SQL (input objects, enums, Booleans): their
// values join the plan cache key. Scalars are bound into the cached statement instead.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  typeFromAST,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

// Per schema, then per operation: one parsed document serves every role (prepared-documents.ts),
// and the types its variables name are each role's own.
const known = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, readonly string[]>>();

export function structuralVariables(schema: GraphQLSchema, operation: OperationDefinitionNode): readonly string[] {
  let bySchema = known.get(schema);
  if (!bySchema) known.set(schema, (bySchema = new WeakMap()));
  let names = bySchema.get(operation);
  if (!names) {
    names = (operation.variableDefinitions ?? [])
      .flatMap((definition) => {
        const type = getNamedType(typeFromAST(schema, definition.type));
        const shapes = !type || isInputObjectType(type) || isEnumType(type) || type.name === 'Boolean';
        return shapes ? [definition.variable.name.value] : [];
      })
      .sort();
    bySchema.set(operation, names);
  }
  return names;
}
