// Introspection root fields (__schema, __type) are answered by graphql-js from the role
// schema: a document holding only those fields of the operation is executed on its own.
import { Kind, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';

export function introspectionDocument(document: DocumentNode, operation: OperationDefinitionNode, fields: readonly FieldNode[]): DocumentNode {
  const only: OperationDefinitionNode = { ...operation, selectionSet: { kind: Kind.SELECTION_SET, selections: fields } };
  return { ...document, definitions: [only, ...document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)] };
}
