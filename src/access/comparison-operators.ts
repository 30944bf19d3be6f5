// The comparison operators of a Hasura boolean expression, defined once: permissions.yaml rules
// (compiled by scripts/codegen), the data layer's `<scalar>_comparison_exp` inputs, its `where`
// planner and both SQL compilers read this table (docs/data-layer.md#the-schema-of-a-role).
// The key order is the canonical one that codegen's messages list.

/** What an operator compares a column with. */
export type ComparisonOperand =
  /** One value of the column's type (a whole array for an array column; any JSON for jsonb). */
  | 'value'
  /** A list of values of the column's type. */
  | 'list'
  /** A text pattern: LIKE, SIMILAR TO or a POSIX regular expression. */
  | 'pattern'
  /** true (IS NULL) or false (IS NOT NULL). */
  | 'boolean'
  /** One jsonb key (text). */
  | 'key'
  /** A list of jsonb keys (text[]). */
  | 'keys'
  /** `{ String: <String_comparison_exp> }`: the column cast to text, then compared. */
  | 'cast'
  /** The name of another column of the same row. */
  | 'column';

/**
 * Which columns offer an operator: every column, columns that are not arrays, text columns,
 * or jsonb columns only.
 */
export type ComparisonColumns = 'every' | 'scalar' | 'text' | 'jsonb';

export interface ComparisonOperatorSpec {
  readonly operand: ComparisonOperand;
  readonly columns: ComparisonColumns;
  /** The SQL operator between column and value; null for `_in`/`_nin` (ANY/ALL), `_is_null` and `_cast`. */
  readonly sql: string | null;
  /**
   * Offered in permissions.yaml rules only, not in a client's `where` (Hasura's column
   * comparisons: docs/data-layer.md#the-schema-of-a-role).
   */
  readonly rulesOnly?: true;
}

export const comparisonOperatorSpecs = {
  _eq: { operand: 'value', columns: 'every', sql: '=' },
  _neq: { operand: 'value', columns: 'every', sql: '<>' },
  _gt: { operand: 'value', columns: 'scalar', sql: '>' },
  _lt: { operand: 'value', columns: 'scalar', sql: '<' },
  _gte: { operand: 'value', columns: 'scalar', sql: '>=' },
  _lte: { operand: 'value', columns: 'scalar', sql: '<=' },
  _in: { operand: 'list', columns: 'scalar', sql: null },
  _nin: { operand: 'list', columns: 'scalar', sql: null },
  _like: { operand: 'pattern', columns: 'text', sql: 'LIKE' },
  _ilike: { operand: 'pattern', columns: 'text', sql: 'ILIKE' },
  _is_null: { operand: 'boolean', columns: 'every', sql: null },
  _nlike: { operand: 'pattern', columns: 'text', sql: 'NOT LIKE' },
  _nilike: { operand: 'pattern', columns: 'text', sql: 'NOT ILIKE' },
  _similar: { operand: 'pattern', columns: 'text', sql: 'SIMILAR TO' },
  _nsimilar: { operand: 'pattern', columns: 'text', sql: 'NOT SIMILAR TO' },
  _regex: { operand: 'pattern', columns: 'text', sql: '~' },
  _nregex: { operand: 'pattern', columns: 'text', sql: '!~' },
  _iregex: { operand: 'pattern', columns: 'text', sql: '~*' },
  _niregex: { operand: 'pattern', columns: 'text', sql: '!~*' },
  _contains: { operand: 'value', columns: 'jsonb', sql: '@>' },
  _contained_in: { operand: 'value', columns: 'jsonb', sql: '<@' },
  _has_key: { operand: 'key', columns: 'jsonb', sql: '?' },
  _has_keys_any: { operand: 'keys', columns: 'jsonb', sql: '?|' },
  _has_keys_all: { operand: 'keys', columns: 'jsonb', sql: '?&' },
  _cast: { operand: 'cast', columns: 'jsonb', sql: null },
  _ceq: { operand: 'column', columns: 'every', sql: '=', rulesOnly: true },
  _cneq: { operand: 'column', columns: 'every', sql: '<>', rulesOnly: true },
  _cgt: { operand: 'column', columns: 'scalar', sql: '>', rulesOnly: true },
  _clt: { operand: 'column', columns: 'scalar', sql: '<', rulesOnly: true },
  _cgte: { operand: 'column', columns: 'scalar', sql: '>=', rulesOnly: true },
  _clte: { operand: 'column', columns: 'scalar', sql: '<=', rulesOnly: true },
} as const satisfies Readonly<Record<string, ComparisonOperatorSpec>>;

export type ComparisonOperator = keyof typeof comparisonOperatorSpecs;

/** Every operator, in the canonical order. */
export const comparisonOperators = Object.keys(comparisonOperatorSpecs) as readonly ComparisonOperator[];

export function isComparisonOperator(name: string): name is ComparisonOperator {
  return Object.hasOwn(comparisonOperatorSpecs, name);
}

export function comparisonOperatorSpec(operator: ComparisonOperator): ComparisonOperatorSpec {
  return comparisonOperatorSpecs[operator];
}

/** The type a `_cast` operand names (Hasura's `jsonb_cast_exp` field) → the PostgreSQL type cast to. */
export const castTargets = { String: 'text' } as const;
export type CastTarget = keyof typeof castTargets;
