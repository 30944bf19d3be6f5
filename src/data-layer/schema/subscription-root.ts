// `subscription_root` of a role (docs/data-layer.md#subscriptions): every query root field again,
// as a live query (Hasura v2 offers `<t>`, `<t>_by_pk` and `<t>_aggregate` under subscription),
// and `<t>_stream` for every table the role may select. Null for a role with no table, as it has
// no query field either.
import { GraphQLObjectType, type GraphQLFieldConfigMap } from 'graphql';
import type { RoleTables } from './role-tables.ts';
import { cursorOrderingEnum, streamField } from './stream-types.ts';
import type { TableInputTypes } from './table-input-types.ts';

export const subscriptionRootName = 'subscription_root';

export function subscriptionRoot(
  tables: RoleTables,
  queryFields: GraphQLFieldConfigMap<unknown, unknown>,
  inputs: TableInputTypes,
  objectType: (table: string) => GraphQLObjectType,
): GraphQLObjectType | undefined {
  if (tables.size === 0) return undefined;
  const ordering = cursorOrderingEnum();
  const fields: GraphQLFieldConfigMap<unknown, unknown> = { ...queryFields };
  for (const table of tables.values()) {
    const stream = streamField(table, objectType(table.name), inputs, ordering);
    if (stream) fields[`${table.name}_stream`] = stream;
  }
  return new GraphQLObjectType({ name: subscriptionRootName, fields });
}
