// `<t>_aggregate { aggregate { count sum avg min max } nodes }` over one row set. sum and avg
// are returned as decimal strings (sum of int4 is bigint, avg is numeric: both would lose
// precision as JSON numbers); min and max keep the column's JSON form.
import { sql, type RawBuilder } from 'kysely';
import { jsonOutput } from './column-sql.ts';
import { checkedName, type CompileScope } from './compile-scope.ts';
import { compileSelection, jsonAggregate, jsonObject, type JsonPair } from './compile-selection.ts';
import type { AggregateColumnField, AggregateField, AggregateFunction, AggregateResultField } from './query-plan.ts';
import { PlanPermissionError } from './role-permissions.ts';
import type { RowSet } from './compile-row-set.ts';

export function requireAggregations(scope: CompileScope, table: string): void {
  if (!scope.rules.requireSelect(scope.role, table).allowAggregations)
    throw new PlanPermissionError(`role '${scope.role}' may not aggregate '${table}'`);
}

export function compileAggregateResult(
  fields: readonly AggregateResultField[],
  rows: RowSet,
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  return jsonObject(
    fields.map((field): JsonPair => {
      switch (field.kind) {
        case 'typename':
          return [field.alias, sql.lit(checkedName(field.typename))];
        case 'nodes':
          return [field.alias, jsonAggregate(compileSelection(field.fields, table, alias, scope), rows.order)];
        case 'aggregate':
          return [
            field.alias,
            jsonObject(field.fields.map((inner) => [inner.alias, aggregateField(inner, table, alias, scope)])),
          ];
      }
    }),
  );
}

function aggregateField(field: AggregateField, table: string, alias: string, scope: CompileScope): RawBuilder<unknown> {
  switch (field.kind) {
    case 'typename':
      return sql.lit(checkedName(field.typename));
    case 'count':
      return countExpression(field.columns, field.distinct, table, alias, scope);
    case 'function':
      return jsonObject(
        field.fields.map((inner) => [inner.alias, functionField(field.fn, inner, table, alias, scope)]),
      );
  }
}

/**
 * `count` counts rows; with `columns`, rows where every listed column is non-null, and with
 * `distinct`, distinct values (tuples) of those columns.
 */
function countExpression(
  columns: readonly string[],
  distinct: boolean,
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  if (columns.length === 0) return sql`count(*)`;
  const refs = columns.map((column) => {
    scope.rules.requireColumn(scope.role, table, column);
    return scope.rowColumn(alias, column);
  });
  const value = refs.length === 1 ? sql`${refs[0]}` : sql`(${sql.join(refs)})`;
  const present = sql.join(
    refs.map((ref) => sql`${ref} IS NOT NULL`),
    sql` AND `,
  );
  return sql`count(${distinct ? sql`DISTINCT ` : sql``}${value}) FILTER (WHERE ${present})`;
}

function functionField(
  fn: AggregateFunction,
  field: AggregateColumnField,
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  if (field.kind === 'typename') return sql.lit(checkedName(field.typename));
  const dataType = scope.rules.requireColumn(scope.role, table, field.column);
  const value = sql`${sql.raw(fn)}(${scope.rowColumn(alias, field.column)})`;
  return fn === 'sum' || fn === 'avg' ? sql`${value}::text` : jsonOutput(value, dataType);
}
