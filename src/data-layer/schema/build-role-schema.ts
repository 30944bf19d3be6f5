// One GraphQL schema per role (docs/data-layer.md#the-schema-of-a-role): it contains only what the
// role may use, so validation against it is the first permission check and introspection shows
// exactly the role's access. Pure over the PermissionModel (scripts/codegen prints it as SDL).
import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { PermissionModel } from '../../access/permission-model.ts';
import { createAggregateTypes } from './aggregate-types.ts';
import { createComparisonTypes } from './comparison-types.ts';
import { mutationFields, mutationRootName } from './mutation-types.ts';
import { createInsertInputTypes } from './nested-insert-types.ts';
import { roleTables } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { createTableInputTypes, orderByEnum } from './table-input-types.ts';
import { columnInputType, createTableObjectTypes } from './table-object-types.ts';
import { rowSetArguments } from './row-set-arguments.ts';
import { subscriptionRoot } from './subscription-root.ts';

export const queryRootName = 'query_root';

export function buildRoleSchema(model: PermissionModel, role: string): GraphQLSchema {
  const tables = roleTables(model, role);
  const inputs = createTableInputTypes(tables, createComparisonTypes(), orderByEnum());
  // Each refers to the other (nodes are `<t>`, `<t>` has `<rel>_aggregate`); both build fields lazily.
  const objectType = createTableObjectTypes(tables, inputs, (table) => aggregateType(table));
  const aggregateType = createAggregateTypes(tables, inputs, objectType);
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const table of tables.values()) {
    const type = objectType(table.name);
    fields[table.name] = {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))),
      description: `fetch data from the table: "${table.name}"`,
      args: rowSetArguments(table.name, inputs),
      extensions: dataLayerExtensions({ kind: 'select', table: table.name }),
    };
    const aggregate = aggregateType(table.name);
    if (aggregate) {
      fields[`${table.name}_aggregate`] = {
        type: new GraphQLNonNull(aggregate),
        description: `fetch aggregated fields from the table: "${table.name}"`,
        args: rowSetArguments(table.name, inputs),
        extensions: dataLayerExtensions({ kind: 'select_aggregate', table: table.name }),
      };
    }
    if (table.byPrimaryKey) {
      const keyColumns = table.model.primaryKey.map((key) => table.columns.find((column) => column.name === key));
      fields[`${table.name}_by_pk`] = {
        type,
        description: `fetch data from the table: "${table.name}" using primary key columns`,
        args: Object.fromEntries(
          keyColumns.flatMap((column) =>
            column ? [[column.name, { type: new GraphQLNonNull(columnInputType(column)) }]] : [],
          ),
        ),
        extensions: dataLayerExtensions({ kind: 'select_by_pk', table: table.name }),
      };
    }
  }
  // GraphQL needs at least one root field; Hasura answers the same for a role without access.
  if (tables.size === 0) fields.no_queries_available = { type: new GraphQLNonNull(GraphQLString), resolve: () => '' };
  const mutations = mutationFields(tables, inputs, objectType, createInsertInputTypes(tables, inputs.boolExp));
  return new GraphQLSchema({
    subscription: subscriptionRoot(tables, fields, inputs, objectType),
    query: new GraphQLObjectType({ name: queryRootName, fields }),
    mutation:
      Object.keys(mutations).length > 0
        ? new GraphQLObjectType({ name: mutationRootName, fields: mutations })
        : undefined,
  });
}
