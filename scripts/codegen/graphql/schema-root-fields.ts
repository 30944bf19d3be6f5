// The root fields of schema.graphql (Query, Mutation and Subscription), the names permissions.yaml
// `business_operations` may use (docs/identity.md#operation-roles).
import { buildSchema } from 'graphql';

export function schemaRootFields(schemaText: string): ReadonlySet<string> {
  const schema = buildSchema(schemaText);
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return new Set(roots.flatMap((root) => (root ? Object.keys(root.getFields()) : [])));
}
