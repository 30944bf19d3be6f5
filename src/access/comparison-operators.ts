// The comparison operators of a Hasura boolean expression, defined once: permissions.yaml rules
// (compiled by scripts/codegen), the data layer's `<scalar>_comparison_exp` inputs, its `where`
// planner and both SQL compilers read this table (docs/data-layer.md#the-schema-of-a-role).
// The key order is the canonical one that codegen's messages list.

/** What an operator compares a column with. */
export type ComparisonOperand =
  /** One value of the column's type (a whole array for an array column). */
  | 'value'
  /** A list of values of the column's type. */
  | 'list'
  /** A LIKE pattern. */
  | 'pattern'
  /** true (IS NULL) or false (IS NOT NULL). */
  | 'boolean';

/** Which columns offer an operator: every column, columns that are not arrays, or text columns only. */
export type ComparisonColumns = 'every' | 'scalar' | 'text';

export interface ComparisonOperatorSpec {
  readonly operand: ComparisonOperand;
  readonly columns: ComparisonColumns;
  /** The SQL operator between column and value; null for `_in`/`_nin` (ANY/ALL) and `_is_null`. */
  readonly sql: string | null;
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
