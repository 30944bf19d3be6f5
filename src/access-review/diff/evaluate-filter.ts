// A row filter or check evaluated on one concrete world, with PostgreSQL's three-valued logic
// (docs/access-review.md#diff): every witness the diff prints is replayed here on both
// versions before it is shown. A comparison with NULL is NULL, `NOT NULL` is NULL, and a filter
// admits a row only when it is TRUE; `= ANY('{}')` is FALSE and `<> ALL('{}')` TRUE, even for a
// NULL column; a relationship is EXISTS over the world's rows of the remote table joined through
// the column mapping, as src/access/condition-to-sql.ts compiles it.
import { likePatternToRegexSource } from '../../access/like-pattern.ts';
import type { BoolExp, PermissionModel, RuleValue } from '../../access/permission-model.ts';
import { columnKind, type ConcreteValue, type ValueKind } from './value-kind.ts';

/** SQL's truth values: TRUE, FALSE and NULL (unknown). */
export type Truth = 'true' | 'false' | 'null';

export type WorldValue = ConcreteValue | null;
export type WorldRow = { readonly [column: string]: WorldValue };
export type SessionWorldValue = ConcreteValue | readonly ConcreteValue[];

export interface World {
  readonly session: { readonly [name: string]: SessionWorldValue };
  /** Every row that exists, by table (the evaluated row among them). */
  readonly rows: { readonly [table: string]: readonly WorldRow[] };
}

export class MissingSessionValueError extends Error {
  override name = 'MissingSessionValueError';
}

export function and(values: readonly Truth[]): Truth {
  if (values.includes('false')) return 'false';
  return values.includes('null') ? 'null' : 'true';
}

export function or(values: readonly Truth[]): Truth {
  if (values.includes('true')) return 'true';
  return values.includes('null') ? 'null' : 'false';
}

export function not(value: Truth): Truth {
  return value === 'null' ? 'null' : value === 'true' ? 'false' : 'true';
}

const truth = (value: boolean): Truth => (value ? 'true' : 'false');

function operandValues(value: RuleValue, world: World, kind: ValueKind): ConcreteValue | ConcreteValue[] | null {
  const raw = value.type === 'literal' ? value.value : world.session[value.name];
  if (raw === undefined)
    throw new MissingSessionValueError(`no value for session variable ${value.type === 'session' ? value.name : ''}`);
  if (raw === null) return null;
  if (Array.isArray(raw)) return raw.map((item) => kind.normalize(item) ?? String(item));
  return kind.normalize(raw) ?? String(raw as ConcreteValue);
}

function compareValues(
  column: WorldValue,
  operator: string,
  operand: ConcreteValue | ConcreteValue[] | null,
  kind: ValueKind,
): Truth {
  if (operator === '_in' || operator === '_nin') {
    const list = Array.isArray(operand) ? operand : operand === null ? [] : [operand];
    if (list.length === 0) return truth(operator === '_nin');
    if (column === null) return 'null';
    const found = list.some((item) => kind.compare(column, item) === 0);
    return truth(operator === '_in' ? found : !found);
  }
  if (column === null || operand === null || Array.isArray(operand)) return 'null';
  if (operator === '_like' || operator === '_ilike') {
    const regex = new RegExp(likePatternToRegexSource(String(operand)), operator === '_ilike' ? 'i' : '');
    return truth(regex.test(String(column)));
  }
  const order = kind.compare(column, operand);
  switch (operator) {
    case '_eq':
      return truth(order === 0);
    case '_neq':
      return truth(order !== 0);
    case '_gt':
      return truth(order > 0);
    case '_lt':
      return truth(order < 0);
    case '_gte':
      return truth(order >= 0);
    case '_lte':
      return truth(order <= 0);
    default:
      throw new Error(`unknown comparison operator ${operator}`);
  }
}

/** The truth of `filter` for `row` of `table` in `world`, by `model`'s tables and relationships. */
export function evaluateFilter(
  model: PermissionModel,
  table: string,
  filter: BoolExp,
  row: WorldRow,
  world: World,
): Truth {
  switch (filter.type) {
    case 'and':
      return and(filter.operands.map((operand) => evaluateFilter(model, table, operand, row, world)));
    case 'or':
      return or(filter.operands.map((operand) => evaluateFilter(model, table, operand, row, world)));
    case 'not':
      return not(evaluateFilter(model, table, filter.operand, row, world));
    case 'exists':
      throw new Error('_exists reached a witness replay (beyond-decision.ts keeps it out)');
    case 'compare': {
      if (filter.value.type === 'column')
        throw new Error('a column comparison reached a witness replay (beyond-decision.ts keeps it out)');
      const dataType = model.tables[table]?.columns.find((column) => column.name === filter.column)?.dataType;
      const kind = columnKind(dataType ?? 'text');
      const column = row[filter.column] ?? null;
      if (filter.operator === '_is_null')
        return truth((column === null) === (filter.value.type === 'literal' && filter.value.value === true));
      return compareValues(column, filter.operator, operandValues(filter.value, world, kind), kind);
    }
    case 'relationship': {
      const mapping = model.tables[table]?.relationships[filter.relationship]?.columnMapping;
      if (!mapping) throw new Error(`'${filter.relationship}' is not a relationship of '${table}'`);
      const joined = (world.rows[filter.remoteTable] ?? []).filter((remote) =>
        Object.entries(mapping).every(([local, remoteColumn]) => {
          const left = row[local] ?? null;
          const right = remote[remoteColumn] ?? null;
          return left !== null && right !== null && String(left).toLowerCase() === String(right).toLowerCase();
        }),
      );
      return truth(
        joined.some((remote) => evaluateFilter(model, filter.remoteTable, filter.where, remote, world) === 'true'),
      );
    }
  }
}
