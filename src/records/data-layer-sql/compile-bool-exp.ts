// A rule's boolean expression from the compiled model (a BoolExp) → SQL over one aliased row.
// Used for the update rule's post-update `check`, which lives in the permission model only
// (CASL's update rule carries the filter). Literals are bound parameters and session variables
// are slots, as in the CASL path; a relationship is an EXISTS through its column mapping,
// without the role's row filter there (a rule's own condition, like conditionToSql).
import { sql, type SqlBool } from 'kysely';
import { comparisonOperatorSpec, type ComparisonOperand } from '../../access/comparison-operators.ts';
import { joinConditions, type SqlCondition } from '../../access/condition-to-sql.ts';
import type { BoolExp, RuleValue } from '../../access/permission-model.ts';
import { toDatabaseValue } from './column-sql.ts';
import { castColumn, comparisonSql, nullTestSql, operandSql } from './comparison-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import { SessionSlot } from './parameter-slot.ts';
import { relationshipJoin } from './relationship-join.ts';

function ruleValue(value: RuleValue, dataType: string, operand: ComparisonOperand): unknown {
  if (value.type === 'session') return new SessionSlot(value.name);
  if (operand === 'pattern' || operand === 'key' || operand === 'keys') return value.value;
  if (Array.isArray(value.value)) return value.value.map((item: unknown) => toDatabaseValue(dataType, item));
  return toDatabaseValue(dataType, value.value);
}

function compileCompare(
  expression: Extract<BoolExp, { type: 'compare' }>,
  table: string,
  alias: string,
  scope: CompileScope,
): SqlCondition {
  const { operator, value, cast } = expression;
  const dataType = cast ?? scope.rules.columnType(table, expression.column);
  const ref = castColumn(sql.ref(`${alias}.${expression.column}`), cast);
  if (operator === '_is_null') {
    if (value.type !== 'literal' || typeof value.value !== 'boolean')
      throw new Error('_is_null needs a boolean literal');
    return nullTestSql(ref, value.value);
  }
  const { operand } = comparisonOperatorSpec(operator);
  if (value.type === 'column') return comparisonSql(ref, operator, sql`${sql.ref(`${alias}.${value.name}`)}`);
  // A jsonb operand of a list operator cannot happen (codegen refuses _in on jsonb); lists bind as arrays.
  return comparisonSql(ref, operator, operandSql(operator, ruleValue(value, dataType, operand), dataType));
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
    case 'exists': {
      const remote = scope.nextAlias();
      const where = compileBoolExp(expression.where, expression.table, remote, scope);
      return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(expression.table)} AS ${sql.id(remote)} WHERE ${where})`;
    }
    case 'compare':
      return compileCompare(expression, table, alias, scope);
  }
}
