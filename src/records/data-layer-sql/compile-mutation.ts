// A mutation root field → ONE SQL statement (docs/data-layer.md#mutations): the INSERT, UPDATE or
// DELETE is a data-modifying CTE, and the outer SELECT over its rows builds the response JSON
// and evaluates the rule's check on every written row (`check_passed`). The executor runs every
// root field of an operation in one transaction and rolls it back when a check fails, so a
// failed check leaves nothing behind. Returned rows are those the role may also select.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { joinConditions, sqlTrue, type SqlCondition } from '../../access/condition-to-sql.ts';
import type { RuleValue } from '../../access/permission-model.ts';
import { bindPlanValue, requireNotNull } from './bind-plan-value.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import { compileBoolExp } from './compile-bool-exp.ts';
import { checkedName, type CompileScope } from './compile-scope.ts';
import { compileSelection, jsonObject, type JsonPair } from './compile-selection.ts';
import { nothingToUpdate, operationAssignments } from './compile-update-operators.ts';
import { compileNestedInsert, type NestedStep } from './compile-nested-insert.ts';
import { compileInsertStatement } from './compile-upsert.ts';
import { compileWhere } from './compile-where.ts';
import { SessionSlot } from './parameter-slot.ts';
import type { ColumnValues, MutationOutput, MutationPlan, MutationTarget } from './query-plan.ts';
import { PlanPermissionError } from './role-permissions.ts';

/** The rule whose check a statement's `check_passed` reports, for the error message. */
export interface MutationCheck {
  readonly action: 'insert' | 'update';
  readonly table: string;
}

export interface MutationStatement {
  readonly query: RawBuilder<unknown>;
  readonly check: MutationCheck | null;
  /** Statements run before `query` in the transaction (a nested insert: compile-nested-insert.ts). */
  readonly steps?: readonly NestedStep[];
}

export function compileMutation(plan: MutationPlan, scope: CompileScope): MutationStatement {
  switch (plan.kind) {
    case 'insert':
      return compileInsert(plan, scope);
    case 'update':
      return compileUpdate(plan, scope);
    case 'delete':
      return compileDelete(plan, scope);
  }
}

function presetValue(value: RuleValue, dataType: string): RawBuilder<unknown> {
  return typedValue(
    value.type === 'session' ? new SessionSlot(value.name) : toDatabaseValue(dataType, value.value),
    dataType,
  );
}

function givenValue(
  table: string,
  column: string,
  dataType: string,
  value: ColumnValues[number]['value'],
): RawBuilder<unknown> {
  return typedValue(
    bindPlanValue(value, `${table}.${column}`, (raw) => toDatabaseValue(dataType, raw)),
    dataType,
  );
}

function compileInsert(plan: Extract<MutationPlan, { kind: 'insert' }>, scope: CompileScope): MutationStatement {
  if (plan.nested) {
    const nested = compileNestedInsert(plan, scope);
    return {
      ...finish(nested.written, scope.nextAlias(), plan, null, scope, nested.affectedRows),
      steps: nested.steps,
    };
  }
  if (plan.onConflict && plan.objects.length > 0) {
    const written = scope.nextAlias();
    const rows = plan.objects.map((given) => ({ given, filled: [] }));
    const upsert = compileInsertStatement(plan.table, rows, plan.onConflict, written, scope);
    return finish(upsert.body, written, plan, upsert.check, scope, null, upsert.failedAction);
  }
  const { table } = plan;
  const permission = scope.rules.insertPermission(scope.role, table);
  if (!permission) throw new PlanPermissionError(`role '${scope.role}' may not insert into '${table}'`);
  const written = scope.nextAlias();
  const given = new Set(
    plan.objects.flatMap((object) =>
      object.map(({ column }) => {
        scope.rules.requireWritable(scope.role, permission, table, column);
        return column;
      }),
    ),
  );
  const presets = Object.keys(permission.set);
  const allColumns = scope.rules.tableModel(table).columns.map((column) => column.name);
  let columns = allColumns.filter((column) => given.has(column) || presets.includes(column));
  // Every value defaulted: name one column and give it DEFAULT (VALUES needs a column).
  if (columns.length === 0) columns = allColumns.slice(0, 1);
  const rows = plan.objects.map(
    (object) =>
      sql`(${sql.join(
        columns.map((column) => {
          const dataType = scope.rules.columnType(table, column);
          const preset = permission.set[column];
          if (preset) return presetValue(preset, dataType);
          const value = object.find((entry) => entry.column === column)?.value;
          return value ? givenValue(table, column, dataType, value) : sql`DEFAULT`;
        }),
      )})`,
  );
  const body =
    rows.length === 0
      ? sql`SELECT * FROM ${sql.table(table)} WHERE false`
      : sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))}) VALUES ${sql.join(rows)} RETURNING *`;
  const check = scope.rules.ruleCondition(scope.role, 'insert', table, written);
  return finish(body, written, plan, check === sqlTrue ? null : check, scope);
}

/** The rule's condition AND the client's target; `where: {}` adds nothing. */
function rowsToWrite(
  rule: SqlCondition,
  target: MutationTarget,
  table: string,
  alias: string,
  scope: CompileScope,
): SqlCondition {
  return joinConditions(
    'and',
    [rule, targetCondition(target, table, alias, scope)].filter((condition) => condition !== sqlTrue),
  );
}

function targetCondition(target: MutationTarget, table: string, alias: string, scope: CompileScope): SqlCondition {
  if (target.kind === 'where') return compileWhere(target.where, table, alias, scope);
  return joinConditions(
    'and',
    target.key.map(({ column, value }) => {
      const dataType = scope.rules.requireColumn(scope.role, table, column);
      const bound = bindPlanValue(value, `${table}.${column}`, (raw, describe) =>
        toDatabaseValue(dataType, requireNotNull(column)(raw, describe)),
      );
      return sql<SqlBool>`${sql.ref(`${alias}.${column}`)} = ${typedValue(bound, dataType)}`;
    }),
  );
}

function compileUpdate(plan: Extract<MutationPlan, { kind: 'update' }>, scope: CompileScope): MutationStatement {
  const { table } = plan;
  const permission = scope.rules.updatePermission(scope.role, table);
  if (!permission) throw new PlanPermissionError(`role '${scope.role}' may not update '${table}'`);
  const target = scope.nextAlias();
  const assignments: (readonly [string, RawBuilder<unknown>])[] = [
    ...plan.set.map(
      ({ column, value }) =>
        [
          column,
          givenValue(table, column, scope.rules.requireWritable(scope.role, permission, table, column), value),
        ] as const,
    ),
    ...Object.entries(permission.set).map(
      ([column, value]) => [column, presetValue(value, scope.rules.columnType(table, column))] as const,
    ),
  ];
  assignments.push(...operationAssignments(plan.operations, permission, table, target, scope));
  if (assignments.length === 0) throw nothingToUpdate(plan.alias, permission, table, scope);
  const where = rowsToWrite(
    scope.rules.ruleCondition(scope.role, 'update', table, target),
    plan.target,
    table,
    target,
    scope,
  );
  const set = sql.join(assignments.map(([column, value]) => sql`${sql.id(column)} = ${value}`));
  const body = sql`UPDATE ${sql.table(table)} AS ${sql.id(target)} SET ${set} WHERE ${where} RETURNING *`;
  const written = scope.nextAlias();
  const check = permission.check ? compileBoolExp(permission.check, table, written, scope) : null;
  return finish(body, written, plan, check, scope);
}

function compileDelete(plan: Extract<MutationPlan, { kind: 'delete' }>, scope: CompileScope): MutationStatement {
  const { table } = plan;
  if (!scope.rules.deletePermission(scope.role, table))
    throw new PlanPermissionError(`role '${scope.role}' may not delete from '${table}'`);
  const target = scope.nextAlias();
  const where = rowsToWrite(
    scope.rules.ruleCondition(scope.role, 'delete', table, target),
    plan.target,
    table,
    target,
    scope,
  );
  const body = sql`DELETE FROM ${sql.table(table)} AS ${sql.id(target)} WHERE ${where} RETURNING *`;
  return finish(body, scope.nextAlias(), plan, null, scope);
}

/** `WITH written AS (…) SELECT <response JSON>, <check over every written row>`. */
function finish(
  body: RawBuilder<unknown>,
  written: string,
  plan: MutationPlan,
  check: SqlCondition | null,
  scope: CompileScope,
  affectedRows: RawBuilder<unknown> | null = null,
  failedAction: RawBuilder<unknown> | null = null,
): MutationStatement {
  const value = outputJson(plan.output, plan.table, written, scope, affectedRows);
  const passed = check ? sql`coalesce(bool_and(coalesce(${check}, false)), true)` : sql`true`;
  // An upsert checks rows against two rules; `check_action` says whose check failed.
  const action = failedAction ? sql`, ${failedAction} AS "check_action"` : sql``;
  return {
    query: sql`WITH ${sql.id(written)} AS (${body}) SELECT ${value}::text AS "value", ${passed} AS "check_passed"${action} FROM ${sql.id(written)}`,
    check: check && plan.kind !== 'delete' ? { action: plan.kind, table: plan.table } : null,
  };
}

function outputJson(
  output: MutationOutput,
  table: string,
  alias: string,
  scope: CompileScope,
  affectedRows: RawBuilder<unknown> | null,
): RawBuilder<unknown> {
  const visible = scope.rules.rowFilter(scope.role, table, alias);
  const rows = (fields: Parameters<typeof compileSelection>[0]) =>
    sql`json_agg(${compileSelection(fields, table, alias, scope)}) FILTER (WHERE ${visible})`;
  if (output.kind === 'row') return sql`((${rows(output.fields)}) -> 0)`;
  return jsonObject(
    output.fields.map((field): JsonPair => {
      switch (field.kind) {
        case 'typename':
          return [field.alias, sql.lit(checkedName(field.typename))];
        case 'affected_rows':
          return [field.alias, affectedRows ?? sql`count(*)`];
        case 'returning':
          return [field.alias, sql`coalesce(${rows(field.fields)}, '[]'::json)`];
      }
    }),
  );
}
