// The arguments of every list field (root `<t>`, `<t>_aggregate`, array relationships).
import { GraphQLInt, GraphQLList, GraphQLNonNull, type GraphQLFieldConfigArgumentMap } from 'graphql';
import type { TableInputTypes } from './table-input-types.ts';

export function rowSetArguments(table: string, inputs: TableInputTypes): GraphQLFieldConfigArgumentMap {
  return {
    distinct_on: {
      type: new GraphQLList(new GraphQLNonNull(inputs.selectColumn(table))),
      description: 'distinct select on columns',
    },
    limit: { type: GraphQLInt, description: 'limit the number of rows returned' },
    offset: { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by' },
    order_by: {
      type: new GraphQLList(new GraphQLNonNull(inputs.orderBy(table))),
      description: 'sort the rows by one or more columns',
    },
    where: { type: inputs.boolExp(table), description: 'filter the rows returned' },
  };
}
