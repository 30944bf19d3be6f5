// Introspection root fields (__schema, __type) are answered by graphql-js from the role
// schema: a document holding only those fields of the operation is executed on its own.
import {
  execute,
  Kind,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { DataRequest } from '../data-request.ts';
import { DataLayerErrors } from '../data-layer-error.ts';
import { dataLayerMessage } from './validation-messages.ts';

export function introspectionDocument(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  fields: readonly FieldNode[],
): DocumentNode {
  const only: OperationDefinitionNode = {
    ...operation,
    selectionSet: { kind: Kind.SELECTION_SET, selections: fields },
  };
  return {
    ...document,
    definitions: [only, ...document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)],
  };
}

/** The introspection fields' values by response key; an error is a validation error of the request. */
export async function introspect(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: DataRequest,
): Promise<Record<string, unknown>> {
  const result = await execute({
    schema,
    document,
    variableValues: request.variables ?? {},
    operationName: request.operationName ?? undefined,
  });
  if (result.errors && result.errors.length > 0) {
    throw new DataLayerErrors(
      result.errors.map((error) => ({
        message: dataLayerMessage(error.message),
        code: 'VALIDATION_FAILED',
        path: '$',
      })),
    );
  }
  return (result.data ?? {}) as Record<string, unknown>;
}
