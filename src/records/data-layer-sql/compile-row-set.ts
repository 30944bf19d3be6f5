// The rows one list field reads (root list, array relationship, aggregate): the table under
// the role's row filter and the client's where, sorted, de-duplicated by distinct_on, and
// paged, as a derived table under the table's alias that lists only the columns read from it
// (docs/data-layer.md#statement-shape). The permission's `limit` caps the client's (Hasura takes
// the smaller), except under an aggregate, where it caps `nodes` only (compile-aggregate.ts);
// without a client limit a default keeps results bounded. A limit or offset fixed
// when the statement compiles is written as a literal, so every plan knows it; one from a
// variable is a parameter.
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import { joinConditions, type SqlCondition } from '../../access/condition-to-sql.ts';
import { bindPlanValue } from './bind-plan-value.ts';
import { compileSortKeys, orderClause, type SortKey } from './compile-order-by.ts';
import type { CompileScope } from './compile-scope.ts';
import { compileWhere } from './compile-where.ts';
import type { PlanValue, RowSetArguments } from './query-plan.ts';

export interface RowSetOptions {
  readonly table: string;
  readonly alias: string;
  readonly arguments: RowSetArguments;
  /** Extra conditions, e.g. the join of an array relationship to its parent row. */
  readonly join: readonly SqlCondition[];
  /** Rows read when the client gives no limit (null: all). */
  readonly defaultLimit: number | null;
  /** Whether the rule's `limit` bounds the rows (not under an aggregate); default true. */
  readonly applyPermissionLimit?: boolean;
  readonly scope: CompileScope;
}

export interface RowSet {
  /**
   * `(SELECT … ) AS alias`, for a FROM clause: called once what reads the rows is compiled, so it
   * lists exactly the columns read (CompileScope.rowColumns).
   */
  from(): RawBuilder<unknown>;
  /**
   * `(SELECT object AS "__json" FROM … LIMIT n) AS alias`: each row's JSON object built inside the
   * derived table, for an array relationship's json_agg over `alias.__json`
   * (docs/data-layer.md#statement-shape). Null when the rows are sorted, skipped by an offset or
   * de-duplicated: PostgreSQL would then build the objects of rows that the sort, the offset or
   * distinct_on then drop.
   */
  objectsFrom(object: RawBuilder<unknown>): RawBuilder<unknown> | null;
  /** The ORDER BY list over the derived table's columns, for json_agg; null when unordered. */
  readonly order: RawBuilder<unknown> | null;
}

/** The column of the derived table that holds a row's JSON object (objectsFrom). */
export const objectColumn = '__json';

function smaller(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function limitParameter(
  limit: PlanValue | null,
  permissionLimit: number | null,
  defaultLimit: number | null,
  maxRows: number,
): unknown {
  const fallback = smaller(permissionLimit, defaultLimit);
  if (limit === null) return fallback;
  return bindPlanValue(limit, 'limit', (value) => {
    if (value === null || value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maxRows) {
      throw new AppError(
        'VALIDATION_FAILED',
        `limit must be an integer from 0 to ${maxRows}, got ${JSON.stringify(value)}`,
      );
    }
    return smaller(value, permissionLimit);
  });
}

function offsetParameter(offset: PlanValue): unknown {
  return bindPlanValue(offset, 'offset', (value) => {
    if (value === null || value === undefined) return 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new AppError('VALIDATION_FAILED', `offset must be a non-negative integer, got ${JSON.stringify(value)}`);
    }
    return value;
  });
}

/** A count known when the statement compiles as a literal; a variable's as its parameter slot. */
function countSql(value: unknown): unknown {
  return Number.isSafeInteger(value) ? sql.lit(value) : value;
}

function pagingClause(
  args: RowSetArguments,
  permissionLimit: number | null,
  defaultLimit: number | null,
  maxRows: number,
): RawBuilder<unknown> {
  const limit = limitParameter(args.limit, permissionLimit, defaultLimit, maxRows);
  const limitSql = limit === null ? sql`` : sql` LIMIT ${countSql(limit)}`;
  return args.offset === null ? limitSql : sql`${limitSql} OFFSET ${countSql(offsetParameter(args.offset))}`;
}

export function compileRowSet(options: RowSetOptions): RowSet {
  const { table, alias, scope } = options;
  const args = options.arguments;
  const permission = scope.rules.requireSelect(scope.role, table);
  const where = joinConditions('and', [
    ...options.join,
    scope.rules.rowFilter(scope.role, table, alias),
    ...(args.where ? [compileWhere(args.where, table, alias, scope)] : []),
  ]);
  const keys = compileSortKeys(args.orderBy, table, alias, scope);
  const columns = () => selectList(alias, keys, scope);
  const permissionLimit = options.applyPermissionLimit === false ? null : permission.limit;
  const paging = pagingClause(args, permissionLimit, options.defaultLimit, scope.limits.maxRows);
  const source = sql`${sql.table(table)} AS ${sql.id(alias)}`;
  const order = keys.length > 0 ? orderClause(keys, 'outer') : null;
  if (args.distinctOn.length === 0) {
    const orderBy = keys.length > 0 ? sql` ORDER BY ${orderClause(keys, 'inner')}` : sql``;
    const rows = (list: RawBuilder<unknown>) =>
      sql`(SELECT ${list} FROM ${source} WHERE ${where}${orderBy}${paging}) AS ${sql.id(alias)}`;
    return {
      from: () => rows(columns()),
      objectsFrom: (object) =>
        keys.length === 0 && args.offset === null ? rows(sql`${object} AS ${sql.id(objectColumn)}`) : null,
      order,
    };
  }
  // Noted as read, so the select list is never empty: `SELECT DISTINCT ON (…) FROM` is a syntax error.
  const distinct = sql.join(
    args.distinctOn.map((column) => {
      scope.rules.requireColumn(scope.role, table, column);
      return scope.rowColumn(alias, column);
    }),
  );
  const innerOrder = keys.length > 0 ? sql`${distinct}, ${orderClause(keys, 'inner')}` : distinct;
  const outerOrder = order ? sql` ORDER BY ${order}` : sql``;
  return {
    from: () =>
      sql`(SELECT * FROM (SELECT DISTINCT ON (${distinct}) ${columns()} FROM ${source} WHERE ${where} ORDER BY ${innerOrder}) AS ${sql.id(alias)}${outerOrder}${paging}) AS ${sql.id(alias)}`,
    objectsFrom: () => null,
    order,
  };
}

/**
 * The columns read from the rows and the computed sort keys; none at all (a count) is a
 * zero-column SELECT, which PostgreSQL allows.
 */
function selectList(alias: string, keys: readonly SortKey[], scope: CompileScope): RawBuilder<unknown> {
  const entries = [
    ...scope.rowColumns(alias).map((column) => sql`${sql.ref(`${alias}.${column}`)}`),
    ...keys.flatMap((key) => (key.column ? [key.column] : [])),
  ];
  return entries.length === 0 ? sql`` : sql.join(entries);
}
