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

const known = new WeakMap<OperationDefinitionNode, readonly string[]>();

export function structuralVariables(schema: GraphQLSchema, operation: OperationDefinitionNode): readonly string[] {
  let names = known.get(operation);
  if (!names) {
    names = (operation.variableDefinitions ?? [])
      .flatMap((definition) => {
        const type = getNamedType(typeFromAST(schema, definition.type));
        const shapes = !type || isInputObjectType(type) || isEnumType(type) || type.name === 'Boolean';
        return shapes ? [definition.variable.name.value] : [];
      })
      .sort();
    known.set(operation, names);
  }
  return names;
}
