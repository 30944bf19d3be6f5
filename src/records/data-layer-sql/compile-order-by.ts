// `order_by` keys → sort expressions. A key through object relationships is a scalar subquery
// over the related row, filtered by the role's rule there (a hidden row sorts as NULL). A key on
// an array relationship's aggregate (`<rel>_aggregate: {count, sum: {col}, …}`) is a scalar
// subquery aggregating the related rows the role may read (none: count 0, the others NULL).
import { sql, type RawBuilder } from 'kysely';
import { joinConditions } from '../../access/condition-to-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import type { OrderByKey, OrderByPlan } from './query-plan.ts';
import { aggregateFunctionSql } from './aggregate-functions.ts';
import { relationshipJoin, relationshipOf } from './relationship-join.ts';
import { requireAggregations } from './require-aggregations.ts';

/** A sort key: `inner` over the table's alias, `outer` the same value once the rows are a derived table. */
export interface SortKey {
  readonly inner: RawBuilder<unknown>;
  readonly outer: RawBuilder<unknown>;
  /** The SELECT-list entry that makes `outer` exist, or null for a plain column (noted on the scope). */
  readonly column: RawBuilder<unknown> | null;
  readonly direction: RawBuilder<unknown>;
}

function keyExpression(
  path: readonly string[],
  key: OrderByKey,
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (key.kind !== 'column') return aggregateKey(key, table, alias, scope);
    scope.rules.requireColumn(scope.role, table, key.column);
    return scope.rowColumn(alias, key.column);
  }
  const relationship = relationshipOf(scope, table, head);
  if (relationship.kind !== 'object') throw new Error(`order_by through array relationship '${head}'`);
  const remote = scope.nextAlias();
  const value = keyExpression(rest, key, relationship.remoteTable, remote, scope);
  const where = joinConditions('and', [
    ...relationshipJoin(relationship, alias, remote),
    scope.rules.rowFilter(scope.role, relationship.remoteTable, remote),
  ]);
  return sql`(SELECT ${value} FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(remote)} WHERE ${where} LIMIT 1)`;
}

/** `(SELECT count(*) | fn(col) FROM <related rows the role may read>)`. */
function aggregateKey(
  key: Exclude<OrderByKey, { kind: 'column' }>,
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  const relationship = relationshipOf(scope, table, key.relationship);
  if (relationship.kind !== 'array')
    throw new Error(`order_by on the aggregate of object relationship '${key.relationship}'`);
  requireAggregations(scope, relationship.remoteTable);
  const remote = scope.nextAlias();
  let value: RawBuilder<unknown> = sql`count(*)`;
  if (key.kind === 'aggregate') {
    scope.rules.requireColumn(scope.role, relationship.remoteTable, key.column);
    value = sql`${sql.raw(aggregateFunctionSql(key.fn))}(${sql.ref(`${remote}.${key.column}`)})`;
  }
  const where = joinConditions('and', [
    ...relationshipJoin(relationship, alias, remote),
    scope.rules.rowFilter(scope.role, relationship.remoteTable, remote),
  ]);
  return sql`(SELECT ${value} FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(remote)} WHERE ${where})`;
}

function directionSql(order: OrderByPlan): RawBuilder<unknown> {
  const nulls = order.nulls === null ? '' : order.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
  return sql.raw(`${order.direction === 'asc' ? 'ASC' : 'DESC'}${nulls}`);
}

export function compileSortKeys(
  orderBy: readonly OrderByPlan[],
  table: string,
  alias: string,
  scope: CompileScope,
): SortKey[] {
  return orderBy.map((order, index) => {
    const inner = keyExpression(order.path, order.key, table, alias, scope);
    if (order.path.length === 0 && order.key.kind === 'column')
      return { inner, outer: inner, column: null, direction: directionSql(order) };
    const name = `__order_${index}`;
    return {
      inner,
      outer: sql`${sql.ref(`${alias}.${name}`)}`,
      column: sql`${inner} AS ${sql.id(name)}`,
      direction: directionSql(order),
    };
  });
}

export function orderClause(keys: readonly SortKey[], side: 'inner' | 'outer'): RawBuilder<unknown> {
  return sql.join(keys.map((key) => sql`${key[side]} ${key.direction}`));
}
