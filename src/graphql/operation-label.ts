// The bounded name an executed GraphQL operation is counted under (docs/metrics.md#graphql): its
// root field when that is a field of schema.graphql's root types, else `other`. Clients choose
// operation names and aliases freely, so neither is ever a label value.
import { type DocumentNode, type GraphQLSchema, Kind, getOperationAST } from 'graphql';

export function rootFieldNames(schema: GraphQLSchema): ReadonlySet<string> {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return new Set(roots.flatMap((root) => (root ? Object.keys(root.getFields()) : [])));
}

export function operationLabel(
  known: ReadonlySet<string>,
  document: DocumentNode,
  operationName: string | null | undefined,
): string {
  const operation = getOperationAST(document, operationName);
  const selections = operation?.selectionSet.selections ?? [];
  const only = selections.length === 1 ? selections[0] : undefined;
  return only?.kind === Kind.FIELD && known.has(only.name.value) ? only.name.value : 'other';
}
