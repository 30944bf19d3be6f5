// The client's `where` (a normalized `<t>_bool_exp`) → SQL over one aliased table. Values are
// bound parameters cast to the column's type; a relationship condition is an EXISTS over the
// related table that also applies the role's row filter there, so a `where` can never test
// rows the role could not read (docs/data-layer.md#the-schema-of-a-role).
import { sql, type SqlBool } from 'kysely';
import { joinConditions, type SqlCondition } from '../../access/condition-to-sql.ts';
import { comparisonOperatorSpec } from '../../access/comparison-operators.ts';
import { bindPlanValue, requireNotNull } from './bind-plan-value.ts';
import { toDatabaseValue } from './column-sql.ts';
import { castColumn, comparisonSql, nullTestSql, operandSql } from './comparison-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import type { WherePlan } from './query-plan.ts';
import { relationshipJoin, relationshipOf } from './relationship-join.ts';

export function compileWhere(where: WherePlan, table: string, alias: string, scope: CompileScope): SqlCondition {
  switch (where.kind) {
    case 'and':
      return joinConditions(
        'and',
        where.operands.map((operand) => compileWhere(operand, table, alias, scope)),
      );
    case 'or':
      return joinConditions(
        'or',
        where.operands.map((operand) => compileWhere(operand, table, alias, scope)),
      );
    case 'not':
      return sql<SqlBool>`NOT ${compileWhere(where.operand, table, alias, scope)}`;
    case 'compare':
      return compileComparison(table, alias, where, scope);
    case 'relationship': {
      const relationship = relationshipOf(scope, table, where.relationship);
      const remote = scope.nextAlias();
      const conditions = [
        ...relationshipJoin(relationship, alias, remote),
        scope.rules.rowFilter(scope.role, relationship.remoteTable, remote),
        compileWhere(where.where, relationship.remoteTable, remote, scope),
      ];
      return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(remote)} WHERE ${joinConditions('and', conditions)})`;
    }
  }
}

function compileComparison(
  table: string,
  alias: string,
  where: Extract<WherePlan, { kind: 'compare' }>,
  scope: CompileScope,
): SqlCondition {
  const { column, operator, value, cast } = where;
  const columnType = scope.rules.requireColumn(scope.role, table, column);
  const dataType = cast ?? columnType;
  const ref = castColumn(sql.ref(`${alias}.${column}`), cast);
  const label = `${table}.${column} ${operator}`;
  const checked = requireNotNull(operator);
  if (operator === '_is_null') {
    if (value.kind !== 'literal' || typeof value.value !== 'boolean')
      throw new Error('_is_null needs a boolean literal in the plan');
    return nullTestSql(ref, value.value);
  }
  const operand = comparisonOperatorSpec(operator).operand;
  const bound = bindPlanValue(value, label, (raw, describe) => {
    const present = checked(raw, describe);
    if (operand === 'list') return (present as unknown[]).map((item) => toDatabaseValue(dataType, item));
    // Keys, key lists and patterns are text; a jsonb operand (_contains …) is sent as JSON text.
    return operand === 'value' ? toDatabaseValue(dataType, present) : present;
  });
  return comparisonSql(ref, operator, operandSql(operator, bound, dataType));
}
