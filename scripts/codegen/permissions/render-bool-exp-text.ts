// Boolean expressions in a SQL-like reading form for auditors:
// `organization_id = X-Data-Organization-Id AND status <> 'locked'`,
// `EXISTS subscriptions (investor.organization_id = X-Data-Organization-Id)`.
import {
  comparisonOperatorSpec,
  type BoolExp,
  type ComparisonOperator,
  type ComparisonValue,
} from './permission-model.ts';
import { sessionVariableHeader } from './session-variable-names.ts';

/** The SQL operator where there is one; the list operators read as IN and NOT IN. */
function operatorText(operator: Exclude<ComparisonOperator, '_is_null'>): string {
  return comparisonOperatorSpec(operator).sql ?? (operator === '_nin' ? 'NOT IN' : 'IN');
}

function literalText(value: unknown): string {
  if (Array.isArray(value)) return `(${value.map(literalText).join(', ')})`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return JSON.stringify(value);
}

export function ruleValueText(value: ComparisonValue): string {
  if (value.type === 'column') return value.name;
  return value.type === 'session' ? sessionVariableHeader(value.name) : literalText(value.value);
}

function isCompound(exp: BoolExp): boolean {
  return (exp.type === 'and' || exp.type === 'or') && exp.operands.length > 1;
}

function render(exp: BoolExp, prefix: string): string {
  switch (exp.type) {
    case 'compare':
      if (exp.operator === '_is_null') {
        return `${prefix}${exp.column} ${exp.value.type === 'literal' && exp.value.value === true ? 'IS NULL' : 'IS NOT NULL'}`;
      }
      return `${prefix}${exp.cast ? `${exp.column}::${exp.cast}` : exp.column} ${operatorText(exp.operator)} ${ruleValueText(exp.value)}`;
    case 'exists':
      return `EXISTS ${exp.table} (${render(exp.where, '')})`;
    case 'and':
    case 'or': {
      if (exp.operands.length === 0) return exp.type === 'and' ? 'all rows' : 'no rows';
      const parts = exp.operands.map((operand) =>
        isCompound(operand) ? `(${render(operand, prefix)})` : render(operand, prefix),
      );
      return parts.join(exp.type === 'and' ? ' AND ' : ' OR ');
    }
    case 'not':
      return `NOT (${render(exp.operand, prefix)})`;
    case 'relationship':
      if (exp.kind === 'object') return render(exp.where, `${prefix}${exp.relationship}.`);
      if (exp.where.type === 'and' && exp.where.operands.length === 0) return `EXISTS ${prefix}${exp.relationship}`;
      return `EXISTS ${prefix}${exp.relationship} (${render(exp.where, '')})`;
  }
}

export function renderBoolExpText(exp: BoolExp): string {
  return render(exp, '');
}
