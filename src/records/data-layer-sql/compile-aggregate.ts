// `<t>_aggregate { aggregate { count sum avg stddev … min max } nodes }` over one row set: the
// root field `<t>_aggregate` and an array relationship's `<rel>_aggregate` (a correlated
// subquery). The numeric functions are returned as decimal strings (sum of int4 is bigint, the
// others numeric: JSON numbers would lose precision); min and max keep the column's JSON form.
// The rule's `limit` caps `nodes` only: the aggregates see every row the filter, `where`,
// `limit` and `offset` let through (Hasura; docs/data-layer.md#aggregates).
import { sql, type RawBuilder } from 'kysely';
import { aggregateFunctionSql, isNumericAggregate, type AggregateFunction } from './aggregate-functions.ts';
import { jsonOutput } from './column-sql.ts';
import { compileRowSet, type RowSet } from './compile-row-set.ts';
import { checkedName, type CompileScope } from './compile-scope.ts';
import { compileSelection, jsonAggregate, jsonObject, type JsonPair } from './compile-selection.ts';
import type { AggregateColumnField, AggregateField, AggregateResultField, RowSetArguments } from './query-plan.ts';
import type { SqlCondition } from '../../access/condition-to-sql.ts';
import { requireAggregations } from './require-aggregations.ts';

export { requireAggregations } from './require-aggregations.ts';

/** `<rel>_aggregate`: `(SELECT json FROM <related rows>)`, reading every related row the role may read. */
export function compileRelationshipAggregate(
  fields: readonly AggregateResultField[],
  table: string,
  alias: string,
  rowArguments: RowSetArguments,
  join: readonly SqlCondition[],
  scope: CompileScope,
): RawBuilder<unknown> {
  requireAggregations(scope, table);
  const rows = compileRowSet({
    table,
    alias,
    arguments: rowArguments,
    join,
    defaultLimit: null,
    applyPermissionLimit: false,
    scope,
  });
  // Like an array relationship's rows, nodes stop at maxRows per parent row (docs/data-layer.md#limits).
  const cap = Math.min(
    scope.rules.requireSelect(scope.role, table).limit ?? scope.limits.maxRows,
    scope.limits.maxRows,
  );
  const value = compileAggregateResult(fields, rows, table, alias, cap, scope);
  // GROUP BY (): one row however many related rows, even when nothing aggregates (`{ __typename }` alone).
  return sql`(SELECT ${value} FROM ${rows.from()} GROUP BY ())`;
}

/** `nodes` keeps at most `nodesCap` rows (the rule's limit), in order; null: every row. */
export function compileAggregateResult(
  fields: readonly AggregateResultField[],
  rows: RowSet,
  table: string,
  alias: string,
  nodesCap: number | null,
  scope: CompileScope,
): RawBuilder<unknown> {
  return jsonObject(
    fields.map((field): JsonPair => {
      switch (field.kind) {
        case 'typename':
          return [field.alias, sql.lit(checkedName(field.typename))];
        case 'nodes': {
          const object = compileSelection(field.fields, table, alias, scope);
          return [
            field.alias,
            nodesCap === null ? jsonAggregate(object, rows.order) : cappedJsonAggregate(object, rows.order, nodesCap),
          ];
        }
        case 'aggregate':
          return [
            field.alias,
            jsonObject(field.fields.map((inner) => [inner.alias, aggregateField(inner, table, alias, scope)])),
          ];
      }
    }),
  );
}

/**
 * The first `cap` objects in order, as a JSON array: the aggregate reads every row, so the cap
 * cannot be a LIMIT under it. Every row's object is built (array_agg, then a slice).
 */
function cappedJsonAggregate(
  object: RawBuilder<unknown>,
  order: RawBuilder<unknown> | null,
  cap: number,
): RawBuilder<unknown> {
  if (!Number.isSafeInteger(cap) || cap < 0) throw new Error(`not a row cap: ${cap}`);
  const ordered = order ? sql` ORDER BY ${order}` : sql``;
  return sql`coalesce(array_to_json((array_agg(${object}${ordered}))[1:${sql.lit(cap)}]), '[]'::json)`;
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
  const value = sql`${sql.raw(aggregateFunctionSql(fn))}(${scope.rowColumn(alias, field.column)})`;
  return isNumericAggregate(fn) ? sql`${value}::text` : jsonOutput(value, dataType);
}
