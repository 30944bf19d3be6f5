// Rules in plain words for auditors (docs/access-review.md#explain): a boolean expression of the
// permission model as a sentence, e.g. "organization_id equals the caller's
// X-Data-Organization-Id, and the related organization (via `organization`) matches [kind equals
// 'family_office']". The SQL the data layer runs is given next to it by rule-sql-text.ts; this is
// only its reading form.
import type {
  BoolExp,
  ComparisonOperator,
  ComparisonValue,
  JsonValue,
  PermissionModel,
  RuleValue,
} from '../access/permission-model.ts';

const verbs: Record<Exclude<ComparisonOperator, '_is_null' | '_cast'>, string> = {
  _eq: 'equals',
  _neq: 'differs from',
  _gt: 'is greater than',
  _lt: 'is less than',
  _gte: 'is at least',
  _lte: 'is at most',
  _in: 'is one of',
  _nin: 'is none of',
  _like: 'matches the pattern',
  _ilike: 'matches the pattern (ignoring case)',
  _nlike: 'does not match the pattern',
  _nilike: 'does not match the pattern (ignoring case)',
  _similar: 'matches the SIMILAR TO pattern',
  _nsimilar: 'does not match the SIMILAR TO pattern',
  _regex: 'matches the regular expression',
  _nregex: 'does not match the regular expression',
  _iregex: 'matches the regular expression (ignoring case)',
  _niregex: 'does not match the regular expression (ignoring case)',
  _contains: 'contains the JSON',
  _contained_in: 'is contained in the JSON',
  _has_key: 'has the key',
  _has_keys_any: 'has any of the keys',
  _has_keys_all: 'has all of the keys',
  _ceq: 'equals column',
  _cneq: 'differs from column',
  _cgt: 'is greater than column',
  _clt: 'is less than column',
  _cgte: 'is at least column',
  _clte: 'is at most column',
};

function literalWords(value: JsonValue): string {
  if (Array.isArray(value)) return `(${value.map(literalWords).join(', ')})`;
  if (typeof value === 'string') return `'${value}'`;
  return JSON.stringify(value);
}

/** A literal as written, or `the caller's X-Data-User-Id` for a session variable. */
export function valueWords(model: PermissionModel, value: ComparisonValue): string {
  if (value.type === 'literal') return literalWords(value.value);
  if (value.type === 'column') return value.name;
  return `the caller's ${model.sessionVariables[value.name]?.header ?? value.name}`;
}

function isCompound(exp: BoolExp): boolean {
  return (exp.type === 'and' || exp.type === 'or') && exp.operands.length > 1;
}

function operandWords(model: PermissionModel, exp: BoolExp): string {
  const words = boolExpWords(model, exp);
  return isCompound(exp) ? `(${words})` : words;
}

function compareWords(model: PermissionModel, exp: Extract<BoolExp, { type: 'compare' }>): string {
  const column = exp.cast ? `${exp.column} (as ${exp.cast})` : exp.column;
  if (exp.operator === '_is_null') {
    const isNull = exp.value.type === 'literal' && exp.value.value === true;
    return `${column} is ${isNull ? 'empty (NULL)' : 'not empty (NOT NULL)'}`;
  }
  if (exp.operator === '_cast') throw new Error('_cast is never a compiled operator');
  return `${column} ${verbs[exp.operator]} ${valueWords(model, exp.value)}`;
}

/** The expression as a sentence; `{}` is "every row", `_or: []` "no row". */
export function boolExpWords(model: PermissionModel, exp: BoolExp): string {
  switch (exp.type) {
    case 'compare':
      return compareWords(model, exp);
    case 'and':
      if (exp.operands.length === 0) return 'every row';
      return exp.operands.map((operand) => operandWords(model, operand)).join(', and ');
    case 'or':
      if (exp.operands.length === 0) return 'no row';
      return `either ${exp.operands.map((operand) => operandWords(model, operand)).join(', or ')}`;
    case 'not':
      return `not (${boolExpWords(model, exp.operand)})`;
    case 'exists':
      return `some row of ${exp.table} matches [${boolExpWords(model, exp.where)}]`;
    case 'relationship': {
      // Brackets delimit the related row's condition, so an enclosing `and` cannot be read into it.
      const target = `${exp.remoteTable} (via \`${exp.relationship}\`)`;
      if (exp.where.type === 'and' && exp.where.operands.length === 0)
        return exp.kind === 'object' ? `the related ${target} exists` : `at least one related ${target} exists`;
      const where = boolExpWords(model, exp.where);
      if (exp.kind === 'object') return `the related ${target} matches [${where}]`;
      return `at least one related ${target} matches [${where}]`;
    }
  }
}

/** `column := value` for each preset, in words. */
export function presetWords(model: PermissionModel, set: { readonly [column: string]: RuleValue }): string[] {
  return Object.entries(set).map(([column, value]) => `${column} := ${valueWords(model, value)}`);
}
