// Turns the right-hand side of a comparison or a preset into a literal or a session
// variable reference, checking what can be checked without a database: declared variable,
// declared for the role, list versus single value, and type family.
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import { columnFamily, familiesCompatible, literalMismatch, sessionVariableFamily } from './column-types.ts';
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import type { DbColumn } from './database-schema.ts';
import {
  comparisonOperatorSpec,
  type ComparisonOperator,
  type ComparisonValue,
  type JsonValue,
  type RuleValue,
} from './permission-model.ts';
import type { SessionVariableType } from './permissions-source.ts';
import { looksLikeSessionVariable, sessionVariableHeader, sessionVariableKey } from './session-variable-names.ts';
import type { YamlPath } from './validation-issue.ts';

interface ValueSite {
  readonly context: CompileContext;
  readonly scope: RuleScope;
  readonly table: string;
  readonly column: DbColumn;
  readonly path: YamlPath;
}

const takesList = (operator: ComparisonOperator) => {
  const { operand } = comparisonOperatorSpec(operator);
  return operand === 'list' || operand === 'keys';
};
const takesPattern = (operator: ComparisonOperator) => {
  const { operand } = comparisonOperatorSpec(operator);
  return operand === 'pattern' || operand === 'key';
};
const onJsonb = (operator: ComparisonOperator) => comparisonOperatorSpec(operator).columns === 'jsonb';

function columnText(site: ValueSite): string {
  return `column '${site.column.name}' (${site.column.dataType}) of table '${site.table}'`;
}

/** Resolves a session variable reference, reporting undeclared ones; null when undeclared. */
function sessionVariable(site: ValueSite, reference: string): { name: string; type: SessionVariableType } | null {
  const { context, scope, path } = site;
  const name = sessionVariableKey(reference);
  const type = context.sessionVariables.get(name);
  if (type === undefined) {
    // A role that lists it had it reported once, at its list (compile-declarations.ts).
    if (!scope.declared?.has(name))
      report(
        context,
        path,
        'value',
        `undeclared session variable '${reference}' (declare it under session_variables) (${scope.label})`,
      );
    return null;
  }
  scope.used.add(name);
  if (scope.declared && !scope.declared.has(name) && !misspeltInRoleList(context, scope.declared, name)) {
    report(
      context,
      path,
      'value',
      `session variable '${sessionVariableHeader(name)}' is used by role '${scope.role}' but missing from roles.${scope.role}.session_variables (${scope.label})`,
    );
  }
  return { name, type };
}

/**
 * Whether the role's list names, instead of `name`, a near miss of it that no one declared (one
 * misspelt entry): that entry is reported at the list, and `name` missing from it follows.
 */
function misspeltInRoleList(context: ValueSite['context'], declared: ReadonlySet<string>, name: string): boolean {
  return [...declared].some(
    (listed) => !context.sessionVariables.has(listed) && suggestionList(listed, [name]).length > 0,
  );
}

function compareSessionVariable(site: ValueSite, operator: ComparisonOperator, reference: string): RuleValue {
  const resolved = sessionVariable(site, reference);
  const fallback: RuleValue = { type: 'session', name: sessionVariableKey(reference) };
  if (!resolved) return fallback;
  const { context, scope, path } = site;
  const header = sessionVariableHeader(resolved.name);
  const variable = sessionVariableFamily(resolved.type);
  if (operator === '_is_null') {
    report(context, path, 'value', `_is_null expects true or false, not a session variable (${scope.label})`);
  } else if (takesList(operator) && !variable.isArray) {
    report(
      context,
      path,
      'value',
      `${operator} needs a list or an array session variable, but '${header}' is ${resolved.type} (${scope.label})`,
    );
  } else if (!takesList(operator) && variable.isArray) {
    report(
      context,
      path,
      'value',
      `${operator} compares with a single value, but '${header}' is an array (${resolved.type}); use _in (${scope.label})`,
    );
  } else if (takesPattern(operator) && variable.family !== 'string') {
    report(
      context,
      path,
      'value',
      `${operator} needs a text pattern, but '${header}' is ${resolved.type} (${scope.label})`,
    );
  } else if (!familiesCompatible(columnFamily(site.column.dataType), variable.family)) {
    report(
      context,
      path,
      'value',
      `session variable '${header}' (${resolved.type}) cannot be compared with ${columnText(site)} (${scope.label})`,
    );
  }
  return { type: 'session', name: resolved.name };
}

function checkScalarLiteral(site: ValueSite, operator: ComparisonOperator, value: unknown, path: YamlPath): void {
  const { context, scope } = site;
  if (value === null) {
    report(context, path, 'value', `${operator} cannot compare with null; use _is_null (${scope.label})`);
    return;
  }
  if (looksLikeSessionVariable(value)) {
    // Hasura substitutes whole values only; a list of variables is an array variable.
    report(
      context,
      path,
      'value',
      `session variable '${value}' cannot be an element of a list; declare an array session variable instead (${scope.label})`,
    );
    return;
  }
  if (typeof value === 'object') {
    report(
      context,
      path,
      'value',
      `${operator} expects a single value, not ${Array.isArray(value) ? 'a list' : 'a mapping'} (${scope.label})`,
    );
    return;
  }
  const expected = literalMismatch(columnFamily(site.column.dataType), value);
  if (expected)
    report(
      context,
      path,
      'value',
      `${operator} expects ${expected} for ${columnText(site)}, got ${JSON.stringify(value)} (${scope.label})`,
    );
}

/** A column comparison's operand: another column of the same table, of a compatible type. */
function compileColumnOperand(site: ValueSite, operator: ComparisonOperator, value: unknown): ComparisonValue {
  const { context, scope, path, table } = site;
  if (Array.isArray(value)) {
    report(
      context,
      path,
      'value',
      `${operator} with a ["$", column] reference to the root table is not supported; name a column of table '${table}' (${scope.label})`,
    );
    return { type: 'column', name: '' };
  }
  const other = typeof value === 'string' ? context.database.column(table, value) : undefined;
  if (!other) {
    report(
      context,
      path,
      'value',
      `${operator} expects a column of table '${table}', got ${JSON.stringify(value)} (${scope.label})`,
    );
    return { type: 'column', name: String(value) };
  }
  if (isSecretColumn(context, table, other.name))
    report(
      context,
      path,
      'value',
      `column '${other.name}' of table '${table}' is secret (secret_columns) and cannot be used in a rule (${scope.label})`,
    );
  if (columnFamily(other.dataType) !== columnFamily(site.column.dataType))
    report(
      context,
      path,
      'value',
      `${operator} cannot compare ${columnText(site)} with column '${other.name}' (${other.dataType}) (${scope.label})`,
    );
  return { type: 'column', name: other.name };
}

/** Whether the operator applies to the column: jsonb operators on jsonb, patterns on text (reported when not). */
function operatorFitsColumn(site: ValueSite, operator: ComparisonOperator): boolean {
  const { context, scope, path } = site;
  const family = columnFamily(site.column.dataType);
  if (onJsonb(operator) && family !== 'json') {
    report(
      context,
      path,
      'value',
      `${operator} only applies to jsonb columns, not ${columnText(site)} (${scope.label})`,
    );
    return false;
  }
  if (takesPattern(operator) && !onJsonb(operator) && family !== 'string') {
    report(
      context,
      path,
      'value',
      `${operator} only applies to text columns, not ${columnText(site)} (${scope.label})`,
    );
    return false;
  }
  return true;
}

export function compileComparisonValue(site: ValueSite, operator: ComparisonOperator, value: unknown): ComparisonValue {
  const { context, scope, path } = site;
  if (comparisonOperatorSpec(operator).operand === 'column') return compileColumnOperand(site, operator, value);
  if (!operatorFitsColumn(site, operator)) return { type: 'literal', value: value as JsonValue };
  if (looksLikeSessionVariable(value)) {
    if (comparisonOperatorSpec(operator).operand === 'value' && onJsonb(operator))
      report(
        context,
        path,
        'value',
        `${operator} compares with a jsonb literal, not a session variable (${scope.label})`,
      );
    return compareSessionVariable(site, operator, value);
  }
  if (operator === '_is_null') {
    if (typeof value !== 'boolean') report(context, path, 'value', `_is_null expects true or false (${scope.label})`);
  } else if (onJsonb(operator) && comparisonOperatorSpec(operator).operand === 'value') {
    if (value === null) report(context, path, 'value', `${operator} cannot compare with null (${scope.label})`);
  } else if (takesList(operator)) {
    if (!Array.isArray(value)) {
      report(
        context,
        path,
        'value',
        `${operator} expects a list of values or an array session variable (${scope.label})`,
      );
    } else {
      value.forEach((item, index) => checkScalarLiteral(site, operator, item, [...path, index]));
    }
  } else if (takesPattern(operator)) {
    if (typeof value !== 'string')
      report(
        context,
        path,
        'value',
        `${operator} expects ${onJsonb(operator) ? 'a key' : 'a text pattern'} (${scope.label})`,
      );
  } else {
    checkScalarLiteral(site, operator, value, path);
  }
  return { type: 'literal', value: value as JsonValue };
}

export function compilePresetValue(site: ValueSite, value: unknown): RuleValue {
  const { context, scope, path, column } = site;
  if (looksLikeSessionVariable(value)) {
    const resolved = sessionVariable(site, value);
    if (!resolved) return { type: 'session', name: sessionVariableKey(value) };
    const variable = sessionVariableFamily(resolved.type);
    const family = columnFamily(column.dataType);
    const compatible = variable.isArray
      ? family === 'array' || family === 'other'
      : familiesCompatible(family, variable.family);
    if (!compatible) {
      report(
        context,
        path,
        'value',
        `session variable '${sessionVariableHeader(resolved.name)}' (${resolved.type}) cannot be stored in ${columnText(site)} (${scope.label})`,
      );
    }
    return { type: 'session', name: resolved.name };
  }
  if (value === null) {
    if (!column.isNullable)
      report(context, path, 'value', `cannot preset NOT NULL ${columnText(site)} to null (${scope.label})`);
  } else {
    const expected = literalMismatch(columnFamily(column.dataType), value);
    if (expected)
      report(
        context,
        path,
        'value',
        `preset for ${columnText(site)} must be ${expected}, got ${JSON.stringify(value)} (${scope.label})`,
      );
  }
  return { type: 'literal', value: value as JsonValue };
}
