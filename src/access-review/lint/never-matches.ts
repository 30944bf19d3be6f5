// Whether a rule's condition can never admit a row, for a sound subset of conditions
// (docs/access-review.md#filters-that-never-match): what this reports truly never matches, and
// what it cannot decide it leaves alone. Decided:
// - `_or: []`, an `_or` whose every operand never matches, `_in: []`, `_not: {}`;
// - an `_and` (nested `_and`s flattened, a rule's top level included) one of whose operands never
//   matches, or whose comparisons of ONE column contradict each other: `_is_null: true` with any
//   other comparison or with `_is_null: false`; `_eq`/`_in` constants with no value in common or
//   every common value excluded by `_neq`/`_nin`; `_gt`/`_gte`/`_lt`/`_lte` number bounds that
//   leave no room (or exclude every `_eq`/`_in` value); `_eq` and `_neq` of the same session variable;
// - a relationship whose condition on the related table never matches.
// Constants are compared only where equal text means equal value: strings on text and varchar
// columns (deterministic collations, PostgreSQL's default), numbers on numeric columns, Booleans
// on bool columns. Anything else (uuid, timestamps, session values against constants, `_like`,
// `_not` of a non-empty condition) is undecided.
import type { BoolExp, JsonValue, PermissionModel, RuleValue } from '../../access/permission-model.ts';

type Comparison = Extract<BoolExp, { type: 'compare' }>;

const textTypes = new Set(['text', 'varchar']);
const numberTypes = new Set(['int2', 'int4', 'int8', 'numeric', 'float4', 'float8']);

/** A constant as a comparable key, or null where equal keys would not mean equal values. */
function constantKey(dataType: string, value: JsonValue): string | null {
  if (textTypes.has(dataType) && typeof value === 'string') return `s:${value}`;
  if (numberTypes.has(dataType) && typeof value === 'number' && Number.isFinite(value)) return `n:${value}`;
  if (dataType === 'bool' && typeof value === 'boolean') return `b:${value}`;
  return null;
}

function constantKeys(dataType: string, value: RuleValue): string[] | null {
  if (value.type !== 'literal') return null;
  const values = Array.isArray(value.value) ? value.value : [value.value];
  const keys = values.map((item) => constantKey(dataType, item));
  return keys.every((key): key is string => key !== null) ? keys : null;
}

interface Bound {
  readonly value: number;
  readonly strict: boolean;
}

const judgedOperators: ReadonlySet<string> = new Set(['_eq', '_neq', '_gt', '_lt', '_gte', '_lte', '_in', '_nin']);

/** Whether one column's comparisons, all required at once, contradict each other. */
function contradicts(dataType: string, comparisons: readonly Comparison[]): boolean {
  let isNull = false;
  let notNull = false;
  let allowed: Set<string> | null = null;
  const excluded = new Set<string>();
  const sessionEquals = new Set<string>();
  const sessionDiffers = new Set<string>();
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  for (const { operator, value } of comparisons) {
    if (operator === '_is_null') {
      if (value.type === 'literal' && value.value === true) isNull = true;
      else notNull = true;
      continue;
    }
    // Any other comparison is true only of a value that is not NULL.
    notNull = true;
    // Operators beyond equality and order (patterns, jsonb, casts, other columns) are not judged.
    if (value.type === 'column' || !judgedOperators.has(operator)) continue;
    if (value.type === 'session') {
      if (operator === '_eq') sessionEquals.add(value.name);
      if (operator === '_neq') sessionDiffers.add(value.name);
      continue;
    }
    if ((operator === '_in' || operator === '_nin') && Array.isArray(value.value) && value.value.length === 0) {
      if (operator === '_in') return true;
      continue;
    }
    const keys = constantKeys(dataType, value);
    if (keys === null) continue;
    if (operator === '_eq' || operator === '_in') {
      const given = new Set(keys);
      allowed = intersect(allowed, given);
    } else if (operator === '_neq' || operator === '_nin') {
      for (const key of keys) excluded.add(key);
    } else if (numberTypes.has(dataType) && value.type === 'literal' && typeof value.value === 'number') {
      const bound = { value: value.value, strict: operator === '_gt' || operator === '_lt' };
      if (operator === '_gt' || operator === '_gte') lower = tighterLower(lower, bound);
      if (operator === '_lt' || operator === '_lte') upper = tighterUpper(upper, bound);
    }
  }
  if (isNull && notNull) return true;
  if ([...sessionEquals].some((name) => sessionDiffers.has(name))) return true;
  if (lower && upper && (lower.value > upper.value || (lower.value === upper.value && (lower.strict || upper.strict))))
    return true;
  if (allowed === null) return false;
  const remaining = [...allowed].filter((key) => !excluded.has(key) && withinBounds(key, lower, upper));
  return remaining.length === 0;
}

/** The values both allow; null stands for no constraint yet. */
function intersect(allowed: Set<string> | null, given: Set<string>): Set<string> {
  return allowed === null ? given : new Set([...allowed].filter((key) => given.has(key)));
}

function tighterLower(current: Bound | null, next: Bound): Bound {
  if (!current || next.value > current.value || (next.value === current.value && next.strict)) return next;
  return current;
}

function tighterUpper(current: Bound | null, next: Bound): Bound {
  if (!current || next.value < current.value || (next.value === current.value && next.strict)) return next;
  return current;
}

function withinBounds(key: string, lower: Bound | null, upper: Bound | null): boolean {
  if (!key.startsWith('n:')) return true;
  const value = Number(key.slice(2));
  if (lower && (value < lower.value || (lower.strict && value === lower.value))) return false;
  if (upper && (value > upper.value || (upper.strict && value === upper.value))) return false;
  return true;
}

/** The operands of an `and`, nested `and`s flattened. */
function conjuncts(exp: BoolExp): BoolExp[] {
  return exp.type === 'and' ? exp.operands.flatMap(conjuncts) : [exp];
}

function columnType(model: PermissionModel, table: string, column: string): string {
  return model.tables[table]?.columns.find((found) => found.name === column)?.dataType ?? '';
}

function conjunctionNeverMatches(model: PermissionModel, table: string, operands: readonly BoolExp[]): boolean {
  // Comparisons are judged together, per column, below; every other operand on its own.
  if (operands.some((operand) => operand.type !== 'compare' && neverMatches(model, table, operand))) return true;
  const byColumn = new Map<string, Comparison[]>();
  for (const operand of operands) {
    if (operand.type !== 'compare' || operand.cast) continue;
    byColumn.set(operand.column, [...(byColumn.get(operand.column) ?? []), operand]);
  }
  return [...byColumn].some(([column, comparisons]) => contradicts(columnType(model, table, column), comparisons));
}

/** True only when no row of `table` (and no session value) can satisfy `exp`. */
export function neverMatches(model: PermissionModel, table: string, exp: BoolExp): boolean {
  switch (exp.type) {
    case 'and':
      return conjunctionNeverMatches(model, table, conjuncts(exp));
    case 'or':
      return exp.operands.every((operand) => neverMatches(model, table, operand));
    case 'not':
      return exp.operand.type === 'and' && exp.operand.operands.length === 0;
    case 'compare':
      return conjunctionNeverMatches(model, table, [exp]);
    case 'relationship':
      return neverMatches(model, exp.remoteTable, exp.where);
    case 'exists':
      return neverMatches(model, exp.table, exp.where);
  }
}
