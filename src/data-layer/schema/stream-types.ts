// `<t>_stream` of the subscription root (docs/data-layer.md#subscriptions), Hasura's shape:
// `<t>_stream(batch_size: Int!, cursor: [<t>_stream_cursor_input]!, where: <t>_bool_exp): [<t>!]!`
// with `<t>_stream_cursor_input { initial_value: <t>_stream_cursor_value_input!, ordering: cursor_ordering }`.
// The cursor value input lists the columns the role may read that have an order worth streaming
// by: every column but arrays and jsonb.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLFieldConfig,
  type GraphQLObjectType,
} from 'graphql';
import { columnKind } from './column-kinds.ts';
import type { RoleTable } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import type { TableInputTypes } from './table-input-types.ts';
import { columnInputType } from './table-object-types.ts';

/** The direction a stream's cursor moves in. */
export type CursorOrdering = 'asc' | 'desc';

export const cursorOrderingEnum = (): GraphQLEnumType =>
  new GraphQLEnumType({
    name: 'cursor_ordering',
    description: 'ordering argument of a cursor',
    values: {
      ASC: { value: 'asc' satisfies CursorOrdering, description: 'ascending ordering of the cursor' },
      DESC: { value: 'desc' satisfies CursorOrdering, description: 'descending ordering of the cursor' },
    },
  });

/** The columns a stream may use as its cursor. */
export function cursorColumns(table: RoleTable) {
  return table.columns.filter((column) => {
    const kind = columnKind(column.dataType);
    return !kind.list && column.dataType !== 'jsonb' && column.dataType !== 'json';
  });
}

function cursorInputType(table: RoleTable, ordering: GraphQLEnumType): GraphQLInputObjectType {
  const value = new GraphQLInputObjectType({
    name: `${table.name}_stream_cursor_value_input`,
    description: 'Initial value of the column from where the streaming should start',
    fields: Object.fromEntries(
      cursorColumns(table).map((column) => [
        column.name,
        { type: columnInputType(column), extensions: dataLayerExtensions({ kind: 'column', column: column.name }) },
      ]),
    ),
  });
  return new GraphQLInputObjectType({
    name: `${table.name}_stream_cursor_input`,
    description: `Streaming cursor of the table "${table.name}"`,
    fields: {
      initial_value: { type: new GraphQLNonNull(value), description: 'Stream column input with initial value' },
      ordering: { type: ordering, description: 'cursor ordering' },
    },
  });
}

/** The `<t>_stream` field; null when the role may read no column a cursor could use. */
export function streamField(
  table: RoleTable,
  objectType: GraphQLObjectType,
  inputs: TableInputTypes,
  ordering: GraphQLEnumType,
): GraphQLFieldConfig<unknown, unknown> | null {
  if (cursorColumns(table).length === 0) return null;
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType))),
    description: `fetch data from the table in a streaming manner: "${table.name}"`,
    args: {
      batch_size: {
        type: new GraphQLNonNull(GraphQLInt),
        description: 'maximum number of rows returned in a single batch',
      },
      cursor: {
        type: new GraphQLNonNull(new GraphQLList(cursorInputType(table, ordering))),
        description: 'cursor to stream the results returned by the query',
      },
      where: { type: inputs.boolExp(table.name), description: 'filter the rows returned' },
    },
    extensions: dataLayerExtensions({ kind: 'select_stream', table: table.name }),
  };
}
