// The mutation root of a role's schema (docs/data-layer.md#mutations), Hasura's names and shapes:
// insert_<t>(objects), insert_<t>_one(object), update_<t>(where, _set, _inc, …), update_<t>_by_pk
// (pk_columns, _set, …), update_<t>_many(updates), delete_<t>(where), delete_<t>_by_pk(<key>). Input types hold only the
// columns the rule lets the client give: its columns minus presets (`set`), which the server
// fills in. Many-row forms answer `<t>_mutation_response`; `_one`/`_by_pk` the row or null.
import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { ColumnModel } from '../../access/permission-model.ts';
import type { RoleTable, RoleTables } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import type { InsertInputTypes } from './nested-insert-types.ts';
import type { TableInputTypes } from './table-input-types.ts';
import { updateManyField, updateOperatorArgs } from './update-operator-types.ts';
import { columnInputType } from './table-object-types.ts';

export const mutationRootName = 'mutation_root';

function columnsInput(
  name: string,
  description: string,
  columns: readonly ColumnModel[],
  required = false,
): GraphQLInputObjectType {
  return new GraphQLInputObjectType({
    name,
    description,
    fields: Object.fromEntries(
      columns.map((column) => {
        const type = columnInputType(column);
        return [
          column.name,
          {
            type: required ? new GraphQLNonNull(type) : type,
            extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
          },
        ];
      }),
    ),
  });
}

function keyColumns(table: RoleTable): ColumnModel[] {
  return table.model.primaryKey.flatMap((key) => table.columns.filter((column) => column.name === key));
}

function responseType(table: RoleTable, objectType: GraphQLObjectType): GraphQLObjectType {
  return new GraphQLObjectType({
    name: `${table.name}_mutation_response`,
    description: `response of any mutation on the table "${table.name}"`,
    fields: {
      affected_rows: {
        type: new GraphQLNonNull(GraphQLInt),
        description: 'number of rows affected by the mutation',
        extensions: dataLayerExtensions({ kind: 'affected_rows' }),
      },
      returning: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType))),
        description: 'data from the rows affected by the mutation (those the role may also select)',
        extensions: dataLayerExtensions({ kind: 'returning' }),
      },
    },
  });
}

type Fields = GraphQLFieldConfigMap<unknown, unknown>;

/** What every mutation field of one table answers: the many-row response, or the row. */
interface TableMutation {
  readonly name: string;
  readonly response: GraphQLObjectType;
  readonly row: GraphQLObjectType;
  /** The key columns when the role may address one row by its primary key. */
  readonly pkArgs: ColumnModel[] | null;
  readonly boolExp: () => GraphQLInputObjectType;
}

/** The mutation root fields for the role's tables; empty when the role may not write anything. */
export function mutationFields(
  tables: RoleTables,
  inputs: TableInputTypes,
  objectType: (table: string) => GraphQLObjectType,
  inserts: InsertInputTypes,
): Fields {
  const fields: Fields = {};
  for (const table of tables.values()) {
    const { name } = table;
    const insertColumns = table.insertColumns?.length ? table.insertColumns : null;
    const updateColumns = table.updateColumns?.length ? table.updateColumns : null;
    if (!insertColumns && !updateColumns && !table.deletable) continue;
    const row = objectType(name);
    const mutation: TableMutation = {
      name,
      response: responseType(table, row),
      row,
      pkArgs: table.byPrimaryKey ? keyColumns(table) : null,
      boolExp: () => inputs.boolExp(name),
    };
    if (insertColumns) Object.assign(fields, insertFields(mutation, inserts));
    if (updateColumns) Object.assign(fields, updateFields(mutation, updateColumns));
    if (table.deletable) Object.assign(fields, deleteFields(mutation));
  }
  return fields;
}

function insertFields({ name, response, row }: TableMutation, inserts: InsertInputTypes): Fields {
  const input = inserts.insertInput(name) as GraphQLInputObjectType;
  const onConflict = inserts.onConflict(name);
  // Hasura's upsert argument (on-conflict-types.ts): only with an update rule.
  const upsert: GraphQLFieldConfigArgumentMap = onConflict
    ? { on_conflict: { type: onConflict, description: 'upsert condition' } }
    : {};
  return {
    [`insert_${name}`]: {
      type: response,
      description: `insert data into the table: "${name}"`,
      args: {
        objects: {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(input))),
          description: 'the rows to be inserted',
        },
        ...upsert,
      },
      extensions: dataLayerExtensions({ kind: 'insert', table: name }),
    },
    [`insert_${name}_one`]: {
      type: row,
      description: `insert a single row into the table: "${name}"`,
      args: { object: { type: new GraphQLNonNull(input), description: 'the row to be inserted' }, ...upsert },
      extensions: dataLayerExtensions({ kind: 'insert_one', table: name }),
    },
  };
}

function updateFields(mutation: TableMutation, columns: readonly ColumnModel[]): Fields {
  const { name, response, row, pkArgs } = mutation;
  // _set, _inc, _append, … (update-operator-types.ts): the same input types on every update field.
  const operators = updateOperatorArgs(name, columns);
  const fields: Fields = {
    [`update_${name}`]: {
      type: response,
      description: `update data of the table: "${name}"`,
      args: {
        ...operators,
        where: {
          type: new GraphQLNonNull(mutation.boolExp()),
          description: 'filter the rows which have to be updated',
        },
      },
      extensions: dataLayerExtensions({ kind: 'update', table: name }),
    },
  };
  if (pkArgs) {
    fields[`update_${name}_by_pk`] = {
      type: row,
      description: `update single row of the table: "${name}"`,
      args: {
        ...operators,
        pk_columns: {
          type: new GraphQLNonNull(
            columnsInput(`${name}_pk_columns_input`, `primary key columns input for table: ${name}`, pkArgs, true),
          ),
        },
      },
      extensions: dataLayerExtensions({ kind: 'update_by_pk', table: name }),
    };
  }
  fields[`update_${name}_many`] = updateManyField(name, operators, mutation.boolExp(), response);
  return fields;
}

function deleteFields(mutation: TableMutation): Fields {
  const { name, response, row, pkArgs } = mutation;
  const fields: Fields = {
    [`delete_${name}`]: {
      type: response,
      description: `delete data from the table: "${name}"`,
      args: {
        where: {
          type: new GraphQLNonNull(mutation.boolExp()),
          description: 'filter the rows which have to be deleted',
        },
      },
      extensions: dataLayerExtensions({ kind: 'delete', table: name }),
    },
  };
  if (pkArgs) {
    fields[`delete_${name}_by_pk`] = {
      type: row,
      description: `delete single row from the table: "${name}"`,
      args: Object.fromEntries(
        pkArgs.map((column) => [column.name, { type: new GraphQLNonNull(columnInputType(column)) }]),
      ),
      extensions: dataLayerExtensions({ kind: 'delete_by_pk', table: name }),
    };
  }
  return fields;
}
