// One comparison of a column (or an expression over it) with an operand, as SQL, for both
// compilers: a client's `where` (compile-where.ts) and a rule's boolean expression
// (compile-bool-exp.ts). The operand arrives bound (a parameter or slot) and is cast here to
// what the operator takes (comparison-operators.ts): the column's type, text for patterns and
// keys, text[] for key lists. Only the operator symbol from the table is SQL text.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { comparisonOperatorSpec, type ComparisonOperator } from '../../access/comparison-operators.ts';
import type { SqlCondition } from '../../access/condition-to-sql.ts';
import { typedValue } from './column-sql.ts';

type Expression = RawBuilder<unknown> | ReturnType<typeof sql.ref>;

/** The cast of a bound operand of `operator` on a column of `dataType`. */
export function operandSql(operator: ComparisonOperator, bound: unknown, dataType: string): RawBuilder<unknown> {
  switch (comparisonOperatorSpec(operator).operand) {
    case 'list':
      return typedValue(bound, dataType, true);
    case 'pattern':
    case 'key':
      return typedValue(bound, 'text');
    case 'keys':
      return typedValue(bound, 'text', true);
    default:
      return typedValue(bound, dataType);
  }
}

/** `left <operator> right` for every operator with an operand (not `_is_null` nor `_cast`). */
export function comparisonSql(
  left: Expression,
  operator: ComparisonOperator,
  right: RawBuilder<unknown>,
): SqlCondition {
  if (operator === '_in') return sql<SqlBool>`${left} = ANY(${right})`;
  if (operator === '_nin') return sql<SqlBool>`${left} <> ALL(${right})`;
  const { sql: symbol } = comparisonOperatorSpec(operator);
  if (!symbol) throw new Error(`comparison operator ${operator} has no SQL operator`);
  return sql<SqlBool>`${left} ${sql.raw(symbol)} ${right}`;
}

/** `IS NULL` / `IS NOT NULL`. */
export function nullTestSql(left: Expression, isNull: boolean): SqlCondition {
  return isNull ? sql<SqlBool>`${left} IS NULL` : sql<SqlBool>`${left} IS NOT NULL`;
}

/** The column, or the column cast to `cast` (`_cast: { String: … }` → `("t0"."metadata")::text`). */
export function castColumn(ref: Expression, cast: string | undefined): Expression {
  return cast ? sql`(${ref})::${sql.raw(cast)}` : ref;
}
