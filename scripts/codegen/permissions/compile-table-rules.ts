// One compile function per action of a table rule (docs/permissions.md#compilation): select
// filter/columns/allow_aggregations/limit; insert check/set/columns; update
// filter/columns/check/set; delete filter.
import { compileBoolExp } from './compile-bool-exp.ts';
import { compileColumns } from './compile-columns.ts';
import { report, type CompileContext, type RuleScope } from './compile-context.ts';
import { compilePresets } from './compile-presets.ts';
import type { DeletePermission, InsertPermission, SelectPermission, UpdatePermission } from './permission-model.ts';
import type { RawDeleteRule, RawInsertRule, RawSelectRule, RawUpdateRule } from './permissions-source.ts';
import type { YamlPath } from './validation-issue.ts';

export function compileSelectRule(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawSelectRule,
  path: YamlPath,
): SelectPermission {
  return {
    filter: compileBoolExp(context, scope, table, raw.filter, [...path, 'filter']),
    columns: compileColumns(context, scope, table, raw.columns, [...path, 'columns']),
    allowAggregations: raw.allow_aggregations ?? false,
    limit: raw.limit ?? null,
  };
}

/** An insert that omits a NOT NULL column without default can never succeed: say so now. */
function checkRequiredColumns(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  provided: ReadonlySet<string>,
  path: YamlPath,
): void {
  for (const column of context.database.table(table)?.columns ?? []) {
    if (!column.isNullable && !column.hasDefault && !provided.has(column.name)) {
      report(
        context,
        path,
        'key',
        `insert on table '${table}' can never succeed: required column '${column.name}' (NOT NULL, no default) is neither in columns nor in set (${scope.label})`,
      );
    }
  }
}

export function compileInsertRule(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawInsertRule,
  path: YamlPath,
): InsertPermission {
  const columns = compileColumns(context, scope, table, raw.columns, [...path, 'columns']);
  const set = compilePresets(context, scope, table, raw.set, columns, [...path, 'set']);
  if (raw.columns !== '*')
    checkRequiredColumns(context, scope, table, new Set([...raw.columns, ...Object.keys(raw.set ?? {})]), path);
  return { check: compileBoolExp(context, scope, table, raw.check, [...path, 'check']), set, columns };
}

export function compileUpdateRule(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawUpdateRule,
  path: YamlPath,
): UpdatePermission {
  const columns = compileColumns(context, scope, table, raw.columns, [...path, 'columns']);
  return {
    filter: compileBoolExp(context, scope, table, raw.filter, [...path, 'filter']),
    columns,
    check: raw.check === undefined ? null : compileBoolExp(context, scope, table, raw.check, [...path, 'check']),
    set: compilePresets(context, scope, table, raw.set, columns, [...path, 'set']),
  };
}

export function compileDeleteRule(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawDeleteRule,
  path: YamlPath,
): DeletePermission {
  return { filter: compileBoolExp(context, scope, table, raw.filter, [...path, 'filter']) };
}
