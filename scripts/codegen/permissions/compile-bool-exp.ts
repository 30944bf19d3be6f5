// Checks a Hasura boolean expression against the table it filters and normalizes it
// (docs/permissions.md#compilation): keys are columns (with comparison operators, a jsonb
// column's `_cast: { String: … }` among them), relationships (an expression on the related
// table), _and / _or / _not, or `_exists: { _table: { schema: public, name }, _where }`. Every
// problem is reported; the result is only used when there were none.
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import { compileComparisonValue } from './compile-rule-value.ts';
import { castTargets, type CastTarget } from '../../../src/access/comparison-operators.ts';
import { comparisonOperators, isComparisonOperator, type BoolExp } from './permission-model.ts';
import type { YamlPath } from './validation-issue.ts';

const allRows: BoolExp = { type: 'and', operands: [] };

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compileComparisons(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  columnName: string,
  value: unknown,
  path: YamlPath,
  cast?: string,
): BoolExp[] {
  const column = context.database.column(table, columnName);
  if (!column) return [];
  if (isSecretColumn(context, table, columnName)) {
    report(
      context,
      path,
      'key',
      `column '${columnName}' of table '${table}' is secret (secret_columns) and cannot be used in a rule (${scope.label})`,
    );
  }
  if (!isMapping(value) || Object.keys(value).length === 0) {
    report(
      context,
      path,
      'value',
      `column '${columnName}' needs comparison operators, like { _eq: value } (${scope.label})`,
    );
    return [];
  }
  const comparisons: BoolExp[] = [];
  for (const [operator, operand] of Object.entries(value)) {
    const operatorPath = [...path, operator];
    if (operator === '_cast' && !cast) {
      comparisons.push(...compileCast(context, scope, table, columnName, operand, operatorPath));
      continue;
    }
    if (!isComparisonOperator(operator) || operator === '_cast') {
      report(
        context,
        operatorPath,
        'key',
        `unknown operator '${operator}' on column '${columnName}' of table '${table}' (expected one of ${comparisonOperators.join(', ')}) (${scope.label})`,
      );
      continue;
    }
    const site = { context, scope, table, column: cast ? { ...column, dataType: cast } : column, path: operatorPath };
    const compiled = compileComparisonValue(site, operator, operand);
    comparisons.push({ type: 'compare', column: columnName, operator, value: compiled, ...(cast ? { cast } : {}) });
  }
  return comparisons;
}

/** `_cast: { String: { … } }` on a jsonb column: the comparisons on the column cast to text. */
function compileCast(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  columnName: string,
  value: unknown,
  path: YamlPath,
): BoolExp[] {
  if (context.database.column(table, columnName)?.dataType !== 'jsonb') {
    report(
      context,
      path,
      'key',
      `_cast only applies to jsonb columns, not column '${columnName}' of table '${table}' (${scope.label})`,
    );
    return [];
  }
  if (!isMapping(value) || Object.keys(value).length === 0) {
    report(context, path, 'value', `_cast expects a mapping like { String: { _eq: value } } (${scope.label})`);
    return [];
  }
  return Object.entries(value).flatMap(([target, comparisons]) => {
    if (!Object.hasOwn(castTargets, target)) {
      report(
        context,
        [...path, target],
        'key',
        `_cast to '${target}' is not supported (expected one of ${Object.keys(castTargets).join(', ')}) (${scope.label})`,
      );
      return [];
    }
    const cast = castTargets[target as CastTarget];
    return compileComparisons(context, scope, table, columnName, comparisons, [...path, target], cast);
  });
}

/** `_exists: { _table: { schema: public, name: t }, _where: … }`: some row of `t` matches `_where`. */
function compileExists(context: CompileContext, scope: RuleScope, value: unknown, path: YamlPath): BoolExp | null {
  if (!isMapping(value) || !isMapping(value._table) || value._where === undefined) {
    report(
      context,
      path,
      'value',
      `_exists expects { _table: { schema: public, name: <table> }, _where: <boolean expression> } (${scope.label})`,
    );
    return null;
  }
  const extra = Object.keys(value).filter((key) => key !== '_table' && key !== '_where');
  if (extra.length > 0)
    report(
      context,
      [...path, extra[0] as string],
      'key',
      `unknown key '${extra[0]}' in _exists (expected _table and _where) (${scope.label})`,
    );
  const { schema, name } = value._table;
  if ((schema !== undefined && schema !== 'public') || typeof name !== 'string') {
    report(
      context,
      [...path, '_table'],
      'value',
      `_exists._table must name a table of schema public, like { schema: public, name: organization } (${scope.label})`,
    );
    return null;
  }
  if (!context.database.table(name) || !context.relationships.has(name)) {
    report(
      context,
      [...path, '_table', 'name'],
      'value',
      `_exists names table '${name}', which is not tracked (${scope.label})`,
    );
    return null;
  }
  return {
    type: 'exists',
    table: name,
    where: compileBoolExp(context, scope, name, value._where, [...path, '_where']),
  };
}

function compileLogical(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  key: '_and' | '_or',
  value: unknown,
  path: YamlPath,
): BoolExp | null {
  if (!Array.isArray(value) || value.length === 0) {
    report(context, path, 'value', `${key} expects a non-empty list of boolean expressions (${scope.label})`);
    return null;
  }
  const operands = value.map((item, index) => compileBoolExp(context, scope, table, item, [...path, index]));
  return { type: key === '_and' ? 'and' : 'or', operands };
}

export function compileBoolExp(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: unknown,
  path: YamlPath,
): BoolExp {
  if (!isMapping(raw)) {
    report(context, path, 'value', `expected a boolean expression (a mapping; {} means all rows) (${scope.label})`);
    return allRows;
  }
  const parts: BoolExp[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const keyPath = [...path, key];
    const relationship = context.relationships.get(table)?.get(key);
    if (key === '_and' || key === '_or') {
      const logical = compileLogical(context, scope, table, key, value, keyPath);
      if (logical) parts.push(logical);
    } else if (key === '_exists') {
      const exists = compileExists(context, scope, value, keyPath);
      if (exists) parts.push(exists);
    } else if (key === '_not') {
      parts.push({ type: 'not', operand: compileBoolExp(context, scope, table, value, keyPath) });
    } else if (context.database.column(table, key)) {
      parts.push(...compileComparisons(context, scope, table, key, value, keyPath));
    } else if (relationship !== undefined) {
      if (relationship === null) continue; // invalid relationship, reported where it is declared
      const where = compileBoolExp(context, scope, relationship.remoteTable, value, keyPath);
      parts.push({
        type: 'relationship',
        relationship: key,
        kind: relationship.kind,
        remoteTable: relationship.remoteTable,
        where,
      });
    } else if (key.startsWith('_')) {
      report(
        context,
        keyPath,
        'key',
        `unknown operator '${key}' in a boolean expression on table '${table}' (expected _and, _or, _not, a column or a relationship) (${scope.label})`,
      );
    } else {
      report(context, keyPath, 'key', `unknown column or relationship '${key}' in table '${table}' (${scope.label})`);
    }
  }
  return parts.length === 1 ? (parts[0] as BoolExp) : { type: 'and', operands: parts };
}
