// Hasura boolean expressions evaluated in JavaScript over reference rows, with SQL's
// three-valued logic (a comparison with NULL is unknown, and unknown rows are not returned).
// Two modes, as Hasura has them: a rule's own filter follows relationships over every row,
// while a client's `where` only reaches related rows the role may read.
import type { ReferenceDatabase, ReferenceRow, ReferenceTable, ReferenceValue } from './reference-database.ts';
import type { BoolExpJson, ReferenceRelationship, ReferenceRules } from './reference-rules.ts';
import { columnDifference } from './column-difference.ts';
import { jsonbContains, jsonbHasKey, jsonbText, type Json } from './jsonb-semantics.ts';
import { compareText, textOperators } from './compare-text.ts';

const columnOperators = new Set(['_ceq', '_cneq', '_cgt', '_cgte', '_clt', '_clte']);
const jsonbOperators = new Set(['_contains', '_contained_in', '_has_key', '_has_keys_any', '_has_keys_all']);

export type Truth = boolean | null;

/** Session values by lower-case variable name: text, or the elements of an array literal. */
export type SessionValues = ReadonlyMap<string, string | readonly string[]>;

export interface EvaluationContext {
  readonly rules: ReferenceRules;
  readonly database: ReferenceDatabase;
  readonly role: string;
  readonly session: SessionValues;
  /** The rows of `table` the role may read (used for relationships in a client `where`). */
  readonly visibleRows: (table: string) => readonly ReferenceRow[];
}

const and = (values: readonly Truth[]): Truth => (values.includes(false) ? false : values.includes(null) ? null : true);
const or = (values: readonly Truth[]): Truth => (values.includes(true) ? true : values.includes(null) ? null : false);
const not = (value: Truth): Truth => (value === null ? null : !value);

export function evaluateBoolExp(
  expression: BoolExpJson,
  table: string,
  row: ReferenceRow,
  context: EvaluationContext,
  mode: 'rule' | 'client',
): Truth {
  return and(
    Object.entries(expression).map(([key, operand]) => {
      if (key === '_and')
        return and((operand as BoolExpJson[]).map((item) => evaluateBoolExp(item, table, row, context, mode)));
      if (key === '_or')
        return or((operand as BoolExpJson[]).map((item) => evaluateBoolExp(item, table, row, context, mode)));
      if (key === '_not') return not(evaluateBoolExp(operand as BoolExpJson, table, row, context, mode));
      // Rules only: some row of another table, every row of it (Hasura's `_exists` is not filtered).
      if (key === '_exists') return evaluateExists(operand as ExistsJson, context);
      const relationship = context.rules.relationships(table).find((candidate) => candidate.name === key);
      if (relationship) {
        return relatedRows(relationship, row, context, mode).some(
          (related) =>
            evaluateBoolExp(operand as BoolExpJson, relationship.remoteTable, related, context, mode) === true,
        );
      }
      return evaluateComparisons(context.database.table(table), key, row, operand as BoolExpJson, context);
    }),
  );
}

interface ExistsJson {
  readonly _table: { readonly schema?: string; readonly name: string };
  readonly _where: BoolExpJson;
}

function evaluateExists(exists: ExistsJson, context: EvaluationContext): Truth {
  const table = exists._table.name;
  return context.database
    .table(table)
    .rows.some((other) => evaluateBoolExp(exists._where, table, other, context, 'rule') === true);
}

/** The rows a relationship reaches from `row`: every one (rule mode) or the role's readable ones. */
export function relatedRows(
  relationship: ReferenceRelationship,
  row: ReferenceRow,
  context: EvaluationContext,
  mode: 'rule' | 'client',
): readonly ReferenceRow[] {
  const candidates =
    mode === 'rule'
      ? context.database.table(relationship.remoteTable).rows
      : context.visibleRows(relationship.remoteTable);
  return candidates.filter((remote) =>
    relationship.mapping.every(
      ([local, remoteColumn]) => row[local] !== null && row[local] !== undefined && remote[remoteColumn] === row[local],
    ),
  );
}

function evaluateComparisons(
  table: ReferenceTable,
  column: string,
  row: ReferenceRow,
  comparisons: BoolExpJson,
  context: EvaluationContext,
): Truth {
  if (!table.columnTypes.has(column)) throw new Error(`reference: '${column}' is not a column of '${table.name}'`);
  const value = row[column] ?? null;
  return and(
    Object.entries(comparisons).map(([operator, raw]) => {
      if (columnOperators.has(operator)) return compareColumns(table, column, row, operator, raw as string);
      if (operator === '_cast') return compareCast(table, column, value, raw as BoolExpJson, context);
      if (jsonbOperators.has(operator)) return compareJsonb(operator, value, resolve(raw, context.session));
      return compare(table, column, value, operator, resolve(raw, context.session));
    }),
  );
}

/** `_cast: { String: { … } }`: the jsonb value as PostgreSQL prints it, compared as text. */
function compareCast(
  table: ReferenceTable,
  column: string,
  value: ReferenceValue,
  cast: BoolExpJson,
  context: EvaluationContext,
): Truth {
  const text = value === null ? null : jsonbText(value as Json);
  const comparisons = Object.entries((cast.String ?? {}) as BoolExpJson);
  return and(
    comparisons.map(([operator, raw]) => compareText(text, operator, operandText(resolve(raw, context.session)))),
  );
}

function compareJsonb(operator: string, value: ReferenceValue, operand: unknown): Truth {
  if (value === null) return null;
  const json = value as Json;
  switch (operator) {
    case '_contains':
      return jsonbContains(json, operand as Json);
    case '_contained_in':
      return jsonbContains(operand as Json, json);
    case '_has_key':
      return jsonbHasKey(json, operand as string);
    case '_has_keys_any':
      return (operand as string[]).some((key) => jsonbHasKey(json, key));
    default:
      return (operand as string[]).every((key) => jsonbHasKey(json, key));
  }
}

/** `_ceq`, `_cgt`, …: two columns of the same row, NULL on either side unknown. */
function compareColumns(
  table: ReferenceTable,
  column: string,
  row: ReferenceRow,
  operator: string,
  other: string,
): Truth {
  const left = row[column] ?? null;
  const right = row[other] ?? null;
  if (left === null || right === null) return null;
  const difference = columnDifference(
    table.columnTypes.get(column) ?? '',
    table.columnTypes.get(other) ?? '',
    left as string,
    right as string,
  );
  if (operator === '_ceq') return difference === 0;
  if (operator === '_cneq') return difference !== 0;
  if (Number.isNaN(difference))
    throw new Error(`reference: cannot order ${table.name}.${column} against ${other} ('${left}', '${right}')`);
  switch (operator) {
    case '_cgt':
      return difference > 0;
    case '_cgte':
      return difference >= 0;
    case '_clt':
      return difference < 0;
    default:
      return difference <= 0;
  }
}

/** A rule operand: a session variable reference (`X-Data-User-Id`) becomes its value. */
function resolve(raw: unknown, session: SessionValues): unknown {
  if (typeof raw === 'string' && /^x-data-/i.test(raw)) {
    const value = session.get(raw.toLowerCase());
    if (value === undefined) throw new Error(`reference: session variable '${raw}' has no value`);
    return value;
  }
  return raw;
}

/** Text form of an operand as the reference rows hold values (booleans and numbers as text). */
const operandText = (operand: unknown): string => String(operand);

function equal(table: ReferenceTable, column: string, value: string, operand: unknown): boolean {
  const text = operandText(operand);
  const ranks = table.ranks.get(column);
  const type = table.columnTypes.get(column);
  const normalized = type === 'uuid' ? text.toLowerCase() : text;
  const left = ranks?.get(value);
  const right = ranks?.get(normalized);
  if (left !== undefined && right !== undefined) return left === right;
  return value === normalized;
}

function order(table: ReferenceTable, column: string, value: string, operand: unknown): number {
  const ranks = table.ranks.get(column);
  const left = ranks?.get(value);
  const right = ranks?.get(operandText(operand));
  if (left === undefined || right === undefined)
    throw new Error(`reference: cannot order '${operandText(operand)}' in ${table.name}.${column}`);
  return left - right;
}

function compare(
  table: ReferenceTable,
  column: string,
  value: ReferenceValue,
  operator: string,
  operand: unknown,
): Truth {
  if (operator === '_is_null') return operand === true ? value === null : value !== null;
  if (operator === '_in' || operator === '_nin') {
    const list = operand as readonly unknown[];
    // `= ANY('{}')` is false and `<> ALL('{}')` true even for NULL: no element to compare with.
    if (list.length === 0) return operator === '_nin';
    if (value === null) return null;
    const found = list.some((item) => equal(table, column, value as string, item));
    return operator === '_in' ? found : !found;
  }
  if (value === null) return null;
  if (typeof value !== 'string') throw new Error(`reference: cannot compare structured ${table.name}.${column}`);
  if (textOperators.has(operator)) return compareText(value, operator, operandText(operand));
  switch (operator) {
    case '_eq':
      return equal(table, column, value, operand);
    case '_neq':
      return !equal(table, column, value, operand);
    case '_gt':
      return order(table, column, value, operand) > 0;
    case '_gte':
      return order(table, column, value, operand) >= 0;
    case '_lt':
      return order(table, column, value, operand) < 0;
    case '_lte':
      return order(table, column, value, operand) <= 0;
    default:
      throw new Error(`reference: operator '${operator}' is not evaluated`);
  }
}
