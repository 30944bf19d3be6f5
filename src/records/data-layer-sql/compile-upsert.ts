// An INSERT with Hasura's `on_conflict` (docs/data-layer.md#upserts-on_conflict), and the INSERT
// of one row group of a nested insert (compile-nested-insert.ts): `INSERT … ON CONFLICT ON
// CONSTRAINT c DO UPDATE SET <update_columns from EXCLUDED, the update rule's presets> WHERE
// <update filter AND the client's where>` (or DO NOTHING without update columns). RETURNING
// tells inserted rows from updated ones (`xmax = 0`: a row version this statement created has no
// deleter), so each is checked against its own rule: the insert check for inserted rows, the
// update check for updated ones, as Hasura checks both.
import { sql, type RawBuilder } from 'kysely';
import { joinConditions, sqlTrue, type SqlCondition } from '../../access/condition-to-sql.ts';
import type { InsertPermission, RuleValue } from '../../access/permission-model.ts';
import { bindPlanValue } from './bind-plan-value.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import { compileBoolExp } from './compile-bool-exp.ts';
import type { CompileScope } from './compile-scope.ts';
import { compileWhere } from './compile-where.ts';
import { SessionSlot } from './parameter-slot.ts';
import type { ColumnValues, OnConflictPlan } from './query-plan.ts';
import { PlanPermissionError } from './role-permissions.ts';

/** The column the RETURNING list adds: whether the row was inserted (true) or updated by the upsert. */
export const insertedColumn = '__inserted';

/** One row to insert: the client's values, and values the statement computes (a relationship's join columns). */
export interface InsertRow {
  readonly given: ColumnValues;
  readonly filled: readonly { readonly column: string; readonly value: unknown }[];
}

export interface InsertStatement {
  /** `INSERT … RETURNING *, <inserted>`: the body of the written-rows CTE. */
  readonly body: RawBuilder<unknown>;
  /** Over the written rows under `written`: whether every row passes its rule's check. */
  readonly check: SqlCondition | null;
  /** Over the written rows: 'insert' or 'update', the rule whose check failed first. */
  readonly failedAction: RawBuilder<unknown> | null;
}

function presetValue(value: RuleValue, dataType: string): RawBuilder<unknown> {
  return typedValue(
    value.type === 'session' ? new SessionSlot(value.name) : toDatabaseValue(dataType, value.value),
    dataType,
  );
}

function insertPermissionOf(scope: CompileScope, table: string): InsertPermission {
  const permission = scope.rules.insertPermission(scope.role, table);
  if (!permission) throw new PlanPermissionError(`role '${scope.role}' may not insert into '${table}'`);
  return permission;
}

/** The VALUES rows: given columns, filled columns and presets; DEFAULT where a row names no value. */
function valuesRows(table: string, rows: readonly InsertRow[], scope: CompileScope) {
  const permission = insertPermissionOf(scope, table);
  const named = new Set<string>(Object.keys(permission.set));
  for (const row of rows) {
    for (const { column } of row.given)
      named.add((scope.rules.requireWritable(scope.role, permission, table, column), column));
    for (const { column } of row.filled) named.add(column);
  }
  const allColumns = scope.rules.tableModel(table).columns.map((column) => column.name);
  let columns = allColumns.filter((column) => named.has(column));
  if (columns.length === 0) columns = allColumns.slice(0, 1);
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) => {
          const dataType = scope.rules.columnType(table, column);
          const preset = permission.set[column];
          if (preset) return presetValue(preset, dataType);
          const filled = row.filled.find((entry) => entry.column === column);
          if (filled) return typedValue(filled.value, dataType);
          const value = row.given.find((entry) => entry.column === column)?.value;
          if (!value) return sql`DEFAULT`;
          return typedValue(
            bindPlanValue(value, `${table}.${column}`, (raw) => toDatabaseValue(dataType, raw)),
            dataType,
          );
        }),
      )})`,
  );
  return { columns, values, permission };
}

/** `ON CONFLICT …`, and the update rule's check over the written rows (null: none). */
function conflictClause(
  onConflict: OnConflictPlan,
  table: string,
  target: string,
  written: string,
  scope: CompileScope,
): { clause: RawBuilder<unknown>; updateCheck: SqlCondition | null } {
  const constraint = (scope.rules.tableModel(table).uniqueConstraints ?? []).find(
    (found) => found.name === onConflict.constraint,
  );
  if (!constraint) throw new PlanPermissionError(`'${onConflict.constraint}' is not a constraint of '${table}'`);
  const on = sql`ON CONFLICT ON CONSTRAINT ${sql.id(constraint.name)}`;
  if (onConflict.updateColumns.length === 0) return { clause: sql`${on} DO NOTHING`, updateCheck: null };
  const permission = scope.rules.updatePermission(scope.role, table);
  if (!permission) throw new PlanPermissionError(`role '${scope.role}' may not update '${table}'`);
  const assignments = [
    ...onConflict.updateColumns.map((column) => {
      scope.rules.requireWritable(scope.role, permission, table, column);
      return sql`${sql.id(column)} = ${sql.ref(`excluded.${column}`)}`;
    }),
    ...Object.entries(permission.set).map(
      ([column, value]) => sql`${sql.id(column)} = ${presetValue(value, scope.rules.columnType(table, column))}`,
    ),
  ];
  const filter = joinConditions(
    'and',
    [
      scope.rules.ruleCondition(scope.role, 'update', table, target),
      onConflict.where ? compileWhere(onConflict.where, table, target, scope) : sqlTrue,
    ].filter((condition) => condition !== sqlTrue),
  );
  return {
    clause: sql`${on} DO UPDATE SET ${sql.join(assignments)} WHERE ${filter}`,
    updateCheck: permission.check ? compileBoolExp(permission.check, table, written, scope) : null,
  };
}

/**
 * The INSERT of `rows` into `table` with an optional `on_conflict`; `written` is the alias the
 * caller gives the written rows (its CTE).
 */
export function compileInsertStatement(
  table: string,
  rows: readonly InsertRow[],
  onConflict: OnConflictPlan | null,
  written: string,
  scope: CompileScope,
): InsertStatement {
  const target = scope.nextAlias();
  const { columns, values } = valuesRows(table, rows, scope);
  const conflict = onConflict ? conflictClause(onConflict, table, target, written, scope) : null;
  const inserted = sql.ref(`${written}.${insertedColumn}`);
  const insertCheck = scope.rules.ruleCondition(scope.role, 'insert', table, written);
  const ok = (condition: SqlCondition | null) => (condition ? sql`coalesce(${condition}, false)` : sql`true`);
  const insertOk = insertCheck === sqlTrue ? null : insertCheck;
  const rowOk = conflict?.updateCheck
    ? sql`CASE WHEN ${inserted} THEN ${ok(insertOk)} ELSE ${ok(conflict.updateCheck)} END`
    : insertOk
      ? ok(insertOk)
      : null;
  const body = sql`INSERT INTO ${sql.table(table)} AS ${sql.id(target)} (${sql.join(columns.map((column) => sql.id(column)))}) VALUES ${sql.join(values)} ${conflict?.clause ?? sql``} RETURNING *, (${sql.ref(`${target}.xmax`)} = 0) AS ${sql.id(insertedColumn)}`;
  return {
    body,
    check: rowOk as SqlCondition | null,
    failedAction: rowOk
      ? sql`CASE WHEN bool_and(${ok(insertOk)}) FILTER (WHERE ${inserted}) IS FALSE THEN 'insert' ELSE 'update' END`
      : null,
  };
}
