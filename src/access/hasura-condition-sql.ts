// The SQL of the Hasura field operators of hasura-casl-operators.ts inside a CASL condition
// (condition-to-sql.ts): patterns (NOT LIKE, SIMILAR TO, POSIX regex), jsonb operators, a
// jsonb `_cast` to text, and column comparisons of one row. Values are bound parameters (a
// jsonb operand as JSON text cast to jsonb, key lists as text[]); a column comparison's operand
// must be a column of the table in the compiled model, so only model identifiers reach SQL text.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { comparisonOperatorSpec, isComparisonOperator, type ComparisonOperator } from './comparison-operators.ts';
import { caslFieldOperators } from './hasura-casl-operators.ts';

type Expression = RawBuilder<unknown> | ReturnType<typeof sql.ref>;

export class HasuraConditionError extends Error {
  override name = 'HasuraConditionError';
}

const fieldOperators: ReadonlySet<string> = new Set(caslFieldOperators);

export function isHasuraFieldOperator(operator: string): boolean {
  return fieldOperators.has(operator);
}

/** How to reach another column of the same row, or null when the table has no such column. */
export type ColumnRef = (name: string) => Expression | null;

/** The operand as SQL: jsonb as JSON text, key lists as text[], patterns and keys as text. */
function operandSql(operator: ComparisonOperator, value: unknown): RawBuilder<unknown> {
  switch (comparisonOperatorSpec(operator).operand) {
    case 'value':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'keys':
      return sql`${value}::text[]`;
    default:
      return sql`${value}::text`;
  }
}

function castComparison(column: Expression, value: unknown): RawBuilder<SqlBool> {
  const { to, operator, value: operand } = (value ?? {}) as { to?: unknown; operator?: unknown; value?: unknown };
  if (to !== 'text' || typeof operator !== 'string' || !isComparisonOperator(operator))
    throw new HasuraConditionError(`$_cast ${JSON.stringify(value)}`);
  const cast = sql`(${column})::text`;
  if (operator === '_is_null')
    return operand === true ? sql<SqlBool>`${cast} IS NULL` : sql<SqlBool>`${cast} IS NOT NULL`;
  if (operator === '_in') return sql<SqlBool>`${cast} = ANY(${operand}::text[])`;
  if (operator === '_nin') return sql<SqlBool>`${cast} <> ALL(${operand}::text[])`;
  const symbol = comparisonOperatorSpec(operator).sql;
  if (!symbol || comparisonOperatorSpec(operator).operand === 'column')
    throw new HasuraConditionError(`$_cast with ${operator}`);
  return sql<SqlBool>`${cast} ${sql.raw(symbol)} ${sql`${operand}::text`}`;
}

/** `column <operator> value` for one of hasura-casl-operators.ts's field operators. */
export function hasuraComparison(
  column: Expression,
  operator: ComparisonOperator,
  value: unknown,
  columnRef: ColumnRef,
): RawBuilder<SqlBool> {
  if (operator === '_cast') return castComparison(column, value);
  const { sql: symbol, operand } = comparisonOperatorSpec(operator);
  if (!symbol) throw new HasuraConditionError(`field operator '${operator}'`);
  if (operand === 'column') {
    const other = typeof value === 'string' ? columnRef(value) : null;
    if (!other) throw new HasuraConditionError(`${operator} with ${JSON.stringify(value)}, not a column of the table`);
    return sql<SqlBool>`${column} ${sql.raw(symbol)} ${other}`;
  }
  return sql<SqlBool>`${column} ${sql.raw(symbol)} ${operandSql(operator, value)}`;
}
