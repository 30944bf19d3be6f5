// `<t>_aggregate` (aggregate + nodes), for the root field `<t>_aggregate` and the `<rel>_aggregate`
// fields of array relationships, offered when the role's rule on `<t>` allows aggregations. The
// numeric functions (sum, avg, stddev, stddev_pop, stddev_samp, variance, var_pop, var_samp)
// cover int/bigint/numeric columns and are decimal strings (`numeric`), never floats; min and
// max cover ordered columns and keep the column's type. Only columns the role may read appear.
// One type per table, shared by the root and every relationship that reaches it.
import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { ColumnModel } from '../../access/permission-model.ts';
import {
  aggregateFunctions,
  isNumericAggregate,
  type AggregateFunction,
} from '../../records/data-layer-sql/aggregate-functions.ts';
import { columnKind } from './column-kinds.ts';
import type { RoleTable, RoleTables } from './role-tables.ts';
import { numericScalar } from './scalar-types.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { columnOutputType } from './table-object-types.ts';
import type { TableInputTypes } from './table-input-types.ts';

const descriptions: Record<AggregateFunction, string> = {
  avg: 'average of the numeric columns (a decimal string)',
  max: 'largest value of the ordered columns',
  min: 'smallest value of the ordered columns',
  stddev: 'sample standard deviation of the numeric columns (a decimal string)',
  stddev_pop: 'population standard deviation of the numeric columns (a decimal string)',
  stddev_samp: 'sample standard deviation of the numeric columns (a decimal string)',
  sum: 'sum of the numeric columns (a decimal string)',
  var_pop: 'population variance of the numeric columns (a decimal string)',
  var_samp: 'sample variance of the numeric columns (a decimal string)',
  variance: 'sample variance of the numeric columns (a decimal string)',
};

/** The columns an aggregate function takes: numbers for the numeric ones, ordered types for min/max. */
export function aggregateColumns(table: RoleTable, fn: AggregateFunction): readonly ColumnModel[] {
  return table.columns.filter((column) =>
    isNumericAggregate(fn) ? columnKind(column.dataType).summable : columnKind(column.dataType).comparable,
  );
}

function functionType(table: RoleTable, fn: AggregateFunction): GraphQLObjectType | null {
  const columns = aggregateColumns(table, fn);
  if (columns.length === 0) return null;
  return new GraphQLObjectType({
    name: `${table.name}_${fn}_fields`,
    description: `aggregate ${fn} on columns of "${table.name}"`,
    fields: Object.fromEntries(
      columns.map((column) => [
        column.name,
        {
          type: isNumericAggregate(fn) ? numericScalar : columnOutputType(column, true),
          extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
        },
      ]),
    ),
  });
}

function createAggregateType(
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
  for (const fn of aggregateFunctions) {
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

/** `<t>_aggregate` per table, made once; null when the role may not aggregate `<t>`. */
export function createAggregateTypes(
  tables: RoleTables,
  inputs: TableInputTypes,
  objectType: (table: string) => GraphQLObjectType,
): (table: string) => GraphQLObjectType | null {
  const made = new Map<string, GraphQLObjectType>();
  return (name) => {
    const table = tables.get(name);
    if (!table?.allowAggregations) return null;
    let type = made.get(name);
    if (!type) {
      type = createAggregateType(table, objectType(name), inputs);
      made.set(name, type);
    }
    return type;
  };
}
