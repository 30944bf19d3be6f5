// Checks a Hasura boolean expression against the table it filters and normalizes it
// (docs/permissions.md#compilation): keys are columns (with comparison operators),
// relationships (an expression on the related table), or _and / _or / _not. Every problem is
// reported; the result is only used when there were none.
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import { compileComparisonValue } from './compile-rule-value.ts';
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
    if (!isComparisonOperator(operator)) {
      report(
        context,
        operatorPath,
        'key',
        `unknown operator '${operator}' on column '${columnName}' of table '${table}' (expected one of ${comparisonOperators.join(', ')}) (${scope.label})`,
      );
      continue;
    }
    const compiled = compileComparisonValue({ context, scope, table, column, path: operatorPath }, operator, operand);
    comparisons.push({ type: 'compare', column: columnName, operator, value: compiled });
  }
  return comparisons;
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
