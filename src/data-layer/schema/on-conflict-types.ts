// Hasura's upsert argument for one table of a role (docs/data-layer.md#upserts-on_conflict):
// `<t>_on_conflict { constraint: <t>_constraint!, update_columns: [<t>_update_column!]! = [],
// where: <t>_bool_exp }`. Offered only when the role has an update rule on the table (an upsert
// may overwrite a row, so Hasura asks for the right to update it) and the table has a unique or
// primary-key constraint; `<t>_update_column` lists the columns the update rule lets the client set.
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull } from 'graphql';
import type { RoleTable } from './role-tables.ts';

/** Whether the role's insert on the table takes `on_conflict` (also read by the access review). */
export function onConflictOffered(table: RoleTable): boolean {
  return (table.model.uniqueConstraints ?? []).length > 0 && (table.updateColumns?.length ?? 0) > 0;
}

export function onConflictType(table: RoleTable, boolExp: () => GraphQLInputObjectType): GraphQLInputObjectType | null {
  if (!onConflictOffered(table)) return null;
  const constraints = table.model.uniqueConstraints ?? [];
  const columns = table.updateColumns ?? [];
  const constraint = new GraphQLEnumType({
    name: `${table.name}_constraint`,
    description: `unique or primary key constraints on table "${table.name}"`,
    values: Object.fromEntries(
      constraints.map((found) => [
        found.name,
        {
          value: found.name,
          description: `unique or primary key constraint on columns ${found.columns.map((column) => `"${column}"`).join(', ')}`,
        },
      ]),
    ),
  });
  const updateColumn = new GraphQLEnumType({
    name: `${table.name}_update_column`,
    description: `update columns of table "${table.name}"`,
    values: Object.fromEntries(
      columns.map((column) => [column.name, { value: column.name, description: 'column name' }]),
    ),
  });
  return new GraphQLInputObjectType({
    name: `${table.name}_on_conflict`,
    description: `on_conflict condition type for table "${table.name}"`,
    fields: () => ({
      constraint: { type: new GraphQLNonNull(constraint) },
      update_columns: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(updateColumn))), defaultValue: [] },
      where: { type: boolExp() },
    }),
  });
}
