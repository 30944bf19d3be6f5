// Hasura boolean expressions evaluated in JavaScript over reference rows, with SQL's
// three-valued logic (a comparison with NULL is unknown, and unknown rows are not returned).
// Two modes, as Hasura has them: a rule's own filter follows relationships over every row,
// while a client's `where` only reaches related rows the role may read.
import type { ReferenceDatabase, ReferenceRow, ReferenceTable, ReferenceValue } from './reference-database.ts';
import type { BoolExpJson, ReferenceRelationship, ReferenceRules } from './reference-rules.ts';

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
      const relationship = context.rules.relationships(table).find((candidate) => candidate.name === key);
      if (relationship) {
        return relatedRows(relationship, row, context, mode).some(
          (related) =>
            evaluateBoolExp(operand as BoolExpJson, relationship.remoteTable, related, context, mode) === true,
        );
      }
      return evaluateComparisons(context.database.table(table), key, row[key] ?? null, operand as BoolExpJson, context);
    }),
  );
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
  value: ReferenceValue,
  comparisons: BoolExpJson,
  context: EvaluationContext,
): Truth {
  if (!table.columnTypes.has(column)) throw new Error(`reference: '${column}' is not a column of '${table.name}'`);
  return and(
    Object.entries(comparisons).map(([operator, raw]) =>
      compare(table, column, value, operator, resolve(raw, context.session)),
    ),
  );
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
    case '_like':
      return likePattern(operandText(operand), false).test(value);
    case '_ilike':
      return likePattern(operandText(operand), true).test(value);
    default:
      throw new Error(`reference: operator '${operator}' is not evaluated`);
  }
}

/** PostgreSQL LIKE: `%` any run, `_` one character, backslash escapes the next character. */
export function likePattern(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  const characters = [...pattern];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] as string;
    if (character === '\\' && index + 1 < characters.length) {
      index += 1;
      source += escapeRegExp(characters[index] as string);
    } else if (character === '%') source += '.*';
    else if (character === '_') source += '.';
    else source += escapeRegExp(character);
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'isu' : 'su');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
