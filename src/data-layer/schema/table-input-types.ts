// Per table of a role: `<t>_bool_exp` (where), `<t>_order_by`, `<t>_select_column` (for
// distinct_on and count), over the columns the role may read and the relationships to tables
// it may read. Hasura's names and shapes.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLInputFieldConfigMap,
} from 'graphql';
import { aggregateOrderByType } from './aggregate-order-by-types.ts';
import { columnKind } from './column-kinds.ts';
import type { ComparisonTypes } from './comparison-types.ts';
import type { RoleTable, RoleTables } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';

export interface OrderDirection {
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last' | null;
}

export const orderByEnum = (): GraphQLEnumType =>
  new GraphQLEnumType({
    name: 'order_by',
    description: 'Sort direction; asc puts nulls last and desc puts them first unless told otherwise.',
    values: {
      asc: { value: { direction: 'asc', nulls: null } satisfies OrderDirection },
      asc_nulls_first: { value: { direction: 'asc', nulls: 'first' } satisfies OrderDirection },
      asc_nulls_last: { value: { direction: 'asc', nulls: 'last' } satisfies OrderDirection },
      desc: { value: { direction: 'desc', nulls: null } satisfies OrderDirection },
      desc_nulls_first: { value: { direction: 'desc', nulls: 'first' } satisfies OrderDirection },
      desc_nulls_last: { value: { direction: 'desc', nulls: 'last' } satisfies OrderDirection },
    },
  });

export interface TableInputTypes {
  boolExp(table: string): GraphQLInputObjectType;
  orderBy(table: string): GraphQLInputObjectType;
  /** `<t>_aggregate_order_by`: only for a table the role may aggregate. */
  aggregateOrderBy(table: string): GraphQLInputObjectType;
  selectColumn(table: string): GraphQLEnumType;
}

function memo<T>(build: (table: RoleTable) => T, tables: RoleTables): (table: string) => T {
  const made = new Map<string, T>();
  return (name) => {
    let found = made.get(name);
    if (found === undefined) {
      const table = tables.get(name);
      if (!table) throw new Error(`table '${name}' is not in this role's schema`);
      found = build(table);
      made.set(name, found);
    }
    return found;
  };
}

/**
 * Relationships of `table` the role may follow: the remote table is readable, and so are the
 * local join columns. The second condition is stricter than Hasura, on purpose: a rule that
 * hides `owner_user_id` must not hand the owner's id out through `owner { id }`.
 */
export function visibleRelationships(table: RoleTable, tables: RoleTables) {
  const readable = new Set(table.columns.map((column) => column.name));
  return Object.entries(table.model.relationships).filter(
    ([, relationship]) =>
      tables.has(relationship.remoteTable) &&
      Object.keys(relationship.columnMapping).every((local) => readable.has(local)),
  );
}

export function createTableInputTypes(
  tables: RoleTables,
  comparison: ComparisonTypes,
  orderBy: GraphQLEnumType,
): TableInputTypes {
  const types: TableInputTypes = {
    boolExp: memo((table) => boolExpType(table, tables, comparison, types), tables),
    orderBy: memo((table) => orderByType(table, tables, orderBy, types), tables),
    aggregateOrderBy: memo((table) => aggregateOrderByType(table, orderBy), tables),
    selectColumn: memo(selectColumnType, tables),
  };
  return types;
}

/** `<t>_bool_exp`: _and, _not, _or, a comparison per column, and the relationships the role may follow. */
function boolExpType(
  table: RoleTable,
  tables: RoleTables,
  comparison: ComparisonTypes,
  types: TableInputTypes,
): GraphQLInputObjectType {
  const type: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `${table.name}_bool_exp`,
    description: `Boolean expression to filter rows from the table "${table.name}". All fields are combined with a logical 'AND'.`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {
        _and: { type: new GraphQLList(new GraphQLNonNull(type)) },
        _not: { type },
        _or: { type: new GraphQLList(new GraphQLNonNull(type)) },
      };
      for (const column of table.columns) {
        fields[column.name] = {
          type: comparison(columnKind(column.dataType)),
          extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
        };
      }
      for (const [name, relationship] of visibleRelationships(table, tables)) {
        fields[name] = {
          type: types.boolExp(relationship.remoteTable),
          extensions: dataLayerExtensions({
            kind: 'relationship',
            relationship: name,
            table: relationship.remoteTable,
          }),
        };
      }
      return fields;
    },
  });
  return type;
}

/**
 * `<t>_order_by`: a direction per column, the object relationships the role may follow, and
 * `<rel>_aggregate` for the array relationships to tables it may aggregate.
 */
function orderByType(
  table: RoleTable,
  tables: RoleTables,
  orderBy: GraphQLEnumType,
  types: TableInputTypes,
): GraphQLInputObjectType {
  return new GraphQLInputObjectType({
    name: `${table.name}_order_by`,
    description: `Ordering options when selecting data from "${table.name}".`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {};
      for (const column of table.columns) {
        fields[column.name] = {
          type: orderBy,
          extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
        };
      }
      for (const [name, relationship] of visibleRelationships(table, tables)) {
        if (relationship.kind !== 'object') {
          if (!tables.get(relationship.remoteTable)?.allowAggregations) continue;
          fields[`${name}_aggregate`] = {
            type: types.aggregateOrderBy(relationship.remoteTable),
            extensions: dataLayerExtensions({
              kind: 'aggregate_relationship',
              relationship: name,
              table: relationship.remoteTable,
            }),
          };
          continue;
        }
        fields[name] = {
          type: types.orderBy(relationship.remoteTable),
          extensions: dataLayerExtensions({
            kind: 'relationship',
            relationship: name,
            table: relationship.remoteTable,
          }),
        };
      }
      return fields;
    },
  });
}

function selectColumnType(table: RoleTable): GraphQLEnumType {
  return new GraphQLEnumType({
    name: `${table.name}_select_column`,
    description: `Select columns of table "${table.name}".`,
    values: Object.fromEntries(
      table.columns.map((column) => [column.name, { value: column.name, description: 'column name' }]),
    ),
  });
}
