// A rule's boolean expression from the compiled model (a BoolExp) → SQL over one aliased row.
// Used for the update rule's post-update `check`, which lives in the permission model only
// (CASL's update rule carries the filter). Literals are bound parameters and session variables
// are slots, as in the CASL path; a relationship is an EXISTS through its column mapping,
// without the role's row filter there (a rule's own condition, like conditionToSql).
import { sql, type SqlBool } from 'kysely';
import { comparisonOperatorSpec } from '../../access/comparison-operators.ts';
import { joinConditions, type SqlCondition } from '../../access/condition-to-sql.ts';
import type { BoolExp, RuleValue } from '../../access/permission-model.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import { SessionSlot } from './parameter-slot.ts';
import { relationshipJoin } from './relationship-join.ts';

function ruleValue(value: RuleValue, dataType: string): unknown {
  if (value.type === 'session') return new SessionSlot(value.name);
  if (Array.isArray(value.value)) return value.value.map((item: unknown) => toDatabaseValue(dataType, item));
  return toDatabaseValue(dataType, value.value);
}

export function compileBoolExp(expression: BoolExp, table: string, alias: string, scope: CompileScope): SqlCondition {
  switch (expression.type) {
    case 'and':
      return joinConditions(
        'and',
        expression.operands.map((operand) => compileBoolExp(operand, table, alias, scope)),
      );
    case 'or':
      return joinConditions(
        'or',
        expression.operands.map((operand) => compileBoolExp(operand, table, alias, scope)),
      );
    case 'not':
      return sql<SqlBool>`NOT ${compileBoolExp(expression.operand, table, alias, scope)}`;
    case 'relationship': {
      const relationship = scope.rules.tableModel(table).relationships[expression.relationship];
      if (!relationship) throw new Error(`'${expression.relationship}' is not a relationship of '${table}'`);
      const remote = scope.nextAlias();
      const where = joinConditions('and', [
        ...relationshipJoin(relationship, alias, remote),
        compileBoolExp(expression.where, relationship.remoteTable, remote, scope),
      ]);
      return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(remote)} WHERE ${where})`;
    }
    case 'compare': {
      const dataType = scope.rules.columnType(table, expression.column);
      const ref = sql.ref(`${alias}.${expression.column}`);
      const { operator, value } = expression;
      if (operator === '_is_null') {
        if (value.type !== 'literal' || typeof value.value !== 'boolean')
          throw new Error('_is_null needs a boolean literal');
        return value.value ? sql<SqlBool>`${ref} IS NULL` : sql<SqlBool>`${ref} IS NOT NULL`;
      }
      if (operator === '_in' || operator === '_nin') {
        const list = typedValue(ruleValue(value, dataType), dataType, true);
        return operator === '_in' ? sql<SqlBool>`${ref} = ANY(${list})` : sql<SqlBool>`${ref} <> ALL(${list})`;
      }
      const { sql: symbol, operand } = comparisonOperatorSpec(operator);
      if (!symbol) throw new Error(`unknown comparison operator ${operator}`);
      const like = operand === 'pattern';
      return sql<SqlBool>`${ref} ${sql.raw(symbol)} ${typedValue(ruleValue(value, dataType), like ? 'text' : dataType)}`;
    }
  }
}
