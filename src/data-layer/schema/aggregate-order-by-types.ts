// `<t>_aggregate_order_by` ({count, avg: {col}, max, min, stddev, …}): how `<t>_order_by` sorts
// by an array relationship's aggregate (`<rel>_aggregate`), offered when the role may aggregate
// the related table, as the aggregate fields are. A function's input lists the columns the
// same function takes in `<t>_aggregate_fields`.
import { GraphQLInputObjectType, type GraphQLEnumType, type GraphQLInputFieldConfigMap } from 'graphql';
import { aggregateFunctions } from '../../records/data-layer-sql/aggregate-functions.ts';
import { aggregateColumns } from './aggregate-types.ts';
import type { RoleTable } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';

export function aggregateOrderByType(table: RoleTable, orderBy: GraphQLEnumType): GraphQLInputObjectType {
  const fields: GraphQLInputFieldConfigMap = {
    count: { type: orderBy, extensions: dataLayerExtensions({ kind: 'count' }) },
  };
  for (const fn of aggregateFunctions) {
    const columns = aggregateColumns(table, fn);
    if (columns.length === 0) continue;
    fields[fn] = {
      type: new GraphQLInputObjectType({
        name: `${table.name}_${fn}_order_by`,
        description: `order by ${fn}() on columns of table "${table.name}"`,
        fields: Object.fromEntries(
          columns.map((column) => [
            column.name,
            { type: orderBy, extensions: dataLayerExtensions({ kind: 'column', column: column.name }) },
          ]),
        ),
      }),
      extensions: dataLayerExtensions({ kind: 'function', fn }),
    };
  }
  return new GraphQLInputObjectType({
    name: `${table.name}_aggregate_order_by`,
    description: `order by aggregate values of table "${table.name}"`,
    fields,
  });
}
