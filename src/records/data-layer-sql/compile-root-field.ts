// One root field → ONE SQL statement returning its JSON as text
// (docs/data-layer.md#how-a-request-runs: the JSON is built in PostgreSQL and passed through
// untouched). List statements also return how many rows they read, so an unbounded list can be
// refused instead of silently cut. Mutations are compiled in compile-mutation.ts.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { joinConditions } from '../../access/condition-to-sql.ts';
import { bindPlanValue, requireNotNull } from './bind-plan-value.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import { compileAggregateResult, requireAggregations } from './compile-aggregate.ts';
import { compileRowSet } from './compile-row-set.ts';
import { createCompileScope, type CompileScope, type DataQueryLimits } from './compile-scope.ts';
import { compileMutation, type MutationCheck } from './compile-mutation.ts';
import { compileSelection, jsonAggregate } from './compile-selection.ts';
import { compileStream } from './compile-stream.ts';
import type { DataLayerRules } from './data-layer-rules.ts';
import type { RootFieldPlan, SingleStatementPlan } from './query-plan.ts';

export interface RootStatement {
  readonly query: RawBuilder<unknown>;
  /** Set when the statement returns `row_count` and more rows than this must be refused. */
  readonly maxRows: number | null;
  /** A mutation statement (run inside the operation's transaction). */
  readonly mutation: boolean;
  /** Set when the statement returns `check_passed` for this rule's check. */
  readonly check: MutationCheck | null;
  /** Statements that run before this one in the transaction (a nested insert). */
  readonly steps?: readonly { readonly query: RawBuilder<unknown>; readonly check: MutationCheck | null }[];
}

export function compileRootField(
  role: string,
  plan: SingleStatementPlan,
  limits: DataQueryLimits,
  rules?: DataLayerRules,
): RootStatement {
  const scope = createCompileScope(role, limits, rules);
  switch (plan.kind) {
    case 'select':
      return compileList(plan, scope);
    case 'select_by_pk':
      return compileByPk(plan, scope);
    case 'select_aggregate':
      return compileAggregate(plan, scope);
    case 'select_stream':
      return compileStream(plan, scope);
    case 'insert':
    case 'update':
    case 'delete':
      return { ...compileMutation(plan, scope), maxRows: null, mutation: true };
  }
}

function compileList(plan: Extract<RootFieldPlan, { kind: 'select' }>, scope: CompileScope): RootStatement {
  const alias = scope.nextAlias();
  const rows = compileRowSet({
    table: plan.table,
    alias,
    arguments: plan.arguments,
    join: [],
    defaultLimit: scope.limits.maxRows + 1,
    scope,
  });
  const value = jsonAggregate(compileSelection(plan.fields, plan.table, alias, scope), rows.order);
  return {
    query: sql`SELECT ${value}::text AS "value", count(*) AS "row_count" FROM ${rows.from()}`,
    maxRows: scope.limits.maxRows,
    mutation: false,
    check: null,
  };
}

function compileByPk(plan: Extract<RootFieldPlan, { kind: 'select_by_pk' }>, scope: CompileScope): RootStatement {
  const alias = scope.nextAlias();
  const keys = plan.key.map(({ column, value }) => {
    const dataType = scope.rules.requireColumn(scope.role, plan.table, column);
    const bound = bindPlanValue(value, `${plan.table}.${column}`, (raw, describe) =>
      toDatabaseValue(dataType, requireNotNull(column)(raw, describe)),
    );
    return sql<SqlBool>`${sql.ref(`${alias}.${column}`)} = ${typedValue(bound, dataType)}`;
  });
  const where = joinConditions('and', [...keys, scope.rules.rowFilter(scope.role, plan.table, alias)]);
  const object = compileSelection(plan.fields, plan.table, alias, scope);
  return {
    query: sql`SELECT (SELECT ${object} FROM ${sql.table(plan.table)} AS ${sql.id(alias)} WHERE ${where} LIMIT 1)::text AS "value"`,
    maxRows: null,
    mutation: false,
    check: null,
  };
}

function compileAggregate(
  plan: Extract<RootFieldPlan, { kind: 'select_aggregate' }>,
  scope: CompileScope,
): RootStatement {
  requireAggregations(scope, plan.table);
  const alias = scope.nextAlias();
  // The rule's limit caps nodes, not the aggregates (docs/data-layer.md#aggregates). Without it,
  // listed nodes are bounded like a root list (refused past maxRows); a bare aggregate, or nodes
  // the rule caps, read every row the role may read.
  const permissionLimit = scope.rules.requireSelect(scope.role, plan.table).limit;
  const nodesCap = permissionLimit !== null && permissionLimit <= scope.limits.maxRows ? permissionLimit : null;
  const bounded = plan.fields.some((field) => field.kind === 'nodes') && nodesCap === null;
  const rows = compileRowSet({
    table: plan.table,
    alias,
    arguments: plan.arguments,
    join: [],
    defaultLimit: bounded ? scope.limits.maxRows + 1 : null,
    applyPermissionLimit: false,
    scope,
  });
  const value = compileAggregateResult(plan.fields, rows, plan.table, alias, nodesCap, scope);
  return {
    query: sql`SELECT ${value}::text AS "value", count(*) AS "row_count" FROM ${rows.from()}`,
    maxRows: bounded ? scope.limits.maxRows : null,
    mutation: false,
    check: null,
  };
}
