// The aggregate functions of `<t>_aggregate_fields` and `<t>_aggregate_order_by` (Hasura's set):
// the numeric ones take int/bigint/numeric columns and answer PostgreSQL's numeric (or bigint
// for sum of integers), sent as decimal strings; min and max take ordered columns and keep the
// column's type. The SQL function has the field's name in every case.
export const numericAggregateFunctions = [
  'avg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
  'variance',
] as const;

export const orderedAggregateFunctions = ['max', 'min'] as const;

export type AggregateFunction = (typeof numericAggregateFunctions)[number] | (typeof orderedAggregateFunctions)[number];

/** In GraphQL field order (alphabetical, as Hasura lists them). */
export const aggregateFunctions: readonly AggregateFunction[] = [
  ...numericAggregateFunctions,
  ...orderedAggregateFunctions,
].sort();

export function isNumericAggregate(fn: AggregateFunction): boolean {
  return (numericAggregateFunctions as readonly string[]).includes(fn);
}

/** The SQL function of `fn`, checked against the list: only names from it reach the SQL text. */
export function aggregateFunctionSql(fn: AggregateFunction): string {
  if (!aggregateFunctions.includes(fn)) throw new Error(`unknown aggregate function ${JSON.stringify(fn)}`);
  return fn;
}
