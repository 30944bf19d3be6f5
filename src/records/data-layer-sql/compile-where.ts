// The client's `where` (a normalized `<t>_bool_exp`) → SQL over one aliased table. Values are
// bound parameters cast to the column's type; a relationship condition is an EXISTS over the
// related table that also applies the role's row filter there, so a `where` can never test
// rows the role could not read (docs/data-layer.md#the-schema-of-a-role).
import { sql, type SqlBool } from 'kysely';
import { joinConditions, type SqlCondition } from '../../access/condition-to-sql.ts';
import { comparisonOperatorSpec, type ComparisonOperator } from '../../access/comparison-operators.ts';
import { bindPlanValue, requireNotNull } from './bind-plan-value.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import type { PlanValue, WherePlan } from './query-plan.ts';
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
      return compileComparison(table, alias, where.column, where.operator, where.value, scope);
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
  column: string,
  operator: ComparisonOperator,
  value: PlanValue,
  scope: CompileScope,
): SqlCondition {
  const dataType = scope.rules.requireColumn(scope.role, table, column);
  const ref = sql.ref(`${alias}.${column}`);
  const label = `${table}.${column} ${operator}`;
  const checked = requireNotNull(operator);
  if (operator === '_is_null') {
    if (value.kind !== 'literal' || typeof value.value !== 'boolean')
      throw new Error('_is_null needs a boolean literal in the plan');
    return value.value ? sql<SqlBool>`${ref} IS NULL` : sql<SqlBool>`${ref} IS NOT NULL`;
  }
  if (operator === '_in' || operator === '_nin') {
    const bound = bindPlanValue(value, label, (raw, describe) =>
      (checked(raw, describe) as unknown[]).map((item) => toDatabaseValue(dataType, item)),
    );
    const list = typedValue(bound, dataType, true);
    return operator === '_in' ? sql<SqlBool>`${ref} = ANY(${list})` : sql<SqlBool>`${ref} <> ALL(${list})`;
  }
  const { sql: symbol, operand } = comparisonOperatorSpec(operator);
  if (!symbol) throw new Error(`unknown comparison operator ${operator}`);
  const like = operand === 'pattern';
  const bound = bindPlanValue(value, label, (raw, describe) => toDatabaseValue(dataType, checked(raw, describe)));
  return sql<SqlBool>`${ref} ${sql.raw(symbol)} ${typedValue(bound, like ? 'text' : dataType)}`;
}
