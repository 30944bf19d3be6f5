// `<t>_aggregate` (aggregate + nodes) for tables whose rule allows aggregations. sum and avg
// cover numeric columns and are decimal strings (`numeric`); min and max cover ordered columns
// and keep the column's type. Only columns the role may read appear.
import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { AggregateFunction } from '../../records/data-layer-sql/query-plan.ts';
import { columnKind } from './column-kinds.ts';
import type { RoleTable } from './role-tables.ts';
import { numericScalar } from './scalar-types.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { columnOutputType } from './table-object-types.ts';
import type { TableInputTypes } from './table-input-types.ts';

const descriptions: Record<AggregateFunction, string> = {
  sum: 'sum of the numeric columns (a decimal string)',
  avg: 'average of the numeric columns (a decimal string)',
  min: 'smallest value of the ordered columns',
  max: 'largest value of the ordered columns',
};

function functionType(table: RoleTable, fn: AggregateFunction): GraphQLObjectType | null {
  const numeric = fn === 'sum' || fn === 'avg';
  const columns = table.columns.filter((column) =>
    numeric ? columnKind(column.dataType).summable : columnKind(column.dataType).comparable,
  );
  if (columns.length === 0) return null;
  return new GraphQLObjectType({
    name: `${table.name}_${fn}_fields`,
    description: `aggregate ${fn} on columns of "${table.name}"`,
    fields: Object.fromEntries(
      columns.map((column) => [
        column.name,
        {
          type: numeric ? numericScalar : columnOutputType(column, true),
          extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
        },
      ]),
    ),
  });
}

export function createAggregateType(
  table: RoleTable,
  objectType: GraphQLObjectType,
  inputs: TableInputTypes,
): GraphQLObjectType {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {
    count: {
      type: new GraphQLNonNull(GraphQLInt),
      args: {
        columns: { type: new GraphQLList(new GraphQLNonNull(inputs.selectColumn(table.name))) },
        distinct: { type: GraphQLBoolean },
      },
      extensions: dataLayerExtensions({ kind: 'count' }),
    },
  };
  for (const fn of ['avg', 'max', 'min', 'sum'] as const) {
    const type = functionType(table, fn);
    if (type)
      fields[fn] = { type, description: descriptions[fn], extensions: dataLayerExtensions({ kind: 'function', fn }) };
  }
  const aggregateFields = new GraphQLObjectType({
    name: `${table.name}_aggregate_fields`,
    description: `aggregate fields of "${table.name}"`,
    fields,
  });
  return new GraphQLObjectType({
    name: `${table.name}_aggregate`,
    description: `aggregated selection of "${table.name}"`,
    fields: {
      aggregate: { type: aggregateFields, extensions: dataLayerExtensions({ kind: 'aggregate' }) },
      nodes: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType))),
        extensions: dataLayerExtensions({ kind: 'nodes' }),
      },
    },
  });
}
