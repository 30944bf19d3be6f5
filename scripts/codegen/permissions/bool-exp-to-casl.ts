// Boolean expressions as CASL (ucast/Mongo) conditions, so the access layer can build an
// ability from the same rules the SQL compiler uses (docs/permissions.md#casl-mapping).
//
// Mapping: _eq $eq, _neq $ne, _gt $gt, _lt $lt, _gte $gte, _lte $lte, _in $in, _nin $nin,
// _is_null true/false → $eq null / $ne null, _like/_ilike → an anchored $regex (`i` option
// for _ilike; see like-pattern.ts), _and → one merged object or $and, _or → $or, _not → $nor.
// An object relationship becomes a dot path (`organization.kind`); an array relationship
// becomes `{ rel: { $elemMatch: … } }` (some related row matches). ucast's $elemMatch only
// takes field conditions, so an expression inside an array relationship is brought to
// disjunctive normal form first (`exists(a or b)` = `exists(a) or exists(b)`, negation
// pushed onto the comparisons); what still cannot be expressed is a compile error.
// Operators without a Mongo counterpart (_nlike, _regex, _contains, _ceq, …) become the
// `$<operator>` field operators of src/access/hasura-casl-operators.ts (a column comparison's
// operand is the other column's name; a jsonb `_cast` is `$_cast: { to, operator, value }`),
// and `_exists` the document operator `$_exists: { table, where }`. `_exists` inside a
// relationship has no CASL form (a dot path or $elemMatch takes field conditions only): a compile
// error. Session variables stay `{ $session: name }` placeholders until interpolated.
import { likePatternToRegexSource } from '../../../src/access/like-pattern.ts';
import type { BoolExp, CaslConditions, ComparisonOperator } from './permission-model.ts';

export class CaslUnsupportedError extends Error {
  override name = 'CaslUnsupportedError';
}

type Query = Record<string, unknown>;
type Compare = Extract<BoolExp, { type: 'compare' }>;

const mongoOperators: Partial<Record<ComparisonOperator, string>> = {
  _eq: '$eq',
  _neq: '$ne',
  _gt: '$gt',
  _lt: '$lt',
  _gte: '$gte',
  _lte: '$lte',
  _in: '$in',
  _nin: '$nin',
};

// In SQL's three-valued logic NOT (a = b) is exactly a <> b (both unknown when a is null),
// so pushing a negation onto a comparison does not change which rows match.
const negatedOperators: Partial<Record<ComparisonOperator, ComparisonOperator>> = {
  _eq: '_neq',
  _neq: '_eq',
  _gt: '_lte',
  _lte: '_gt',
  _lt: '_gte',
  _gte: '_lt',
  _in: '_nin',
  _nin: '_in',
  _is_null: '_is_null',
  _like: '_nlike',
  _nlike: '_like',
  _ilike: '_nilike',
  _nilike: '_ilike',
  _similar: '_nsimilar',
  _nsimilar: '_similar',
  _regex: '_nregex',
  _nregex: '_regex',
  _iregex: '_niregex',
  _niregex: '_iregex',
  _ceq: '_cneq',
  _cneq: '_ceq',
  _cgt: '_clte',
  _clte: '_cgt',
  _clt: '_cgte',
  _cgte: '_clt',
};

const maxAlternatives = 64;

function operandOf(value: Compare['value']): unknown {
  if (value.type === 'session') return { $session: value.name };
  return value.type === 'column' ? value.name : value.value;
}

function fieldOperators(exp: Compare): Query {
  const { operator, value } = exp;
  if (exp.cast) return { $_cast: { to: exp.cast, operator, value: operandOf(value) } };
  if (operator === '_is_null') return { [value.type === 'literal' && value.value === true ? '$eq' : '$ne']: null };
  if ((operator === '_like' || operator === '_ilike') && value.type !== 'column') {
    const regex =
      value.type === 'literal'
        ? likePatternToRegexSource(String(value.value))
        : { $session: value.name, $transform: 'like-regex' };
    return operator === '_ilike' ? { $regex: regex, $options: 'i' } : { $regex: regex };
  }
  return { [mongoOperators[operator] ?? `$${operator}`]: operandOf(value) };
}

function existsQuery(exp: Extract<BoolExp, { type: 'exists' }>, prefix: string): Query {
  if (prefix !== '')
    throw new CaslUnsupportedError(
      `_exists on table '${exp.table}' inside a relationship (use it outside the relationship)`,
    );
  return { $_exists: { table: exp.table, where: toQuery(exp.where, '') } };
}

function isOperatorObject(value: unknown): value is Query {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => key.startsWith('$'))
  );
}

/** Merges field conditions into one object; null when two of them collide. */
function mergeFields(queries: readonly Query[]): Query | null {
  const merged: Query = {};
  for (const query of queries) {
    for (const [key, value] of Object.entries(query)) {
      const existing = merged[key];
      if (existing === undefined) {
        merged[key] = value;
      } else if (
        isOperatorObject(existing) &&
        isOperatorObject(value) &&
        Object.keys(value).every((op) => !(op in existing))
      ) {
        merged[key] = { ...existing, ...value };
      } else {
        return null;
      }
    }
  }
  return merged;
}

function conjoin(queries: readonly Query[]): Query {
  const flat = queries
    .flatMap((query) =>
      Object.keys(query).length === 1 && Array.isArray(query.$and) ? (query.$and as Query[]) : [query],
    )
    .filter((query) => Object.keys(query).length > 0);
  if (flat.length === 1) return flat[0] as Query;
  return mergeFields(flat) ?? { $and: flat };
}

function negate(exp: BoolExp): BoolExp {
  switch (exp.type) {
    case 'compare': {
      const operator = negatedOperators[exp.operator];
      if (!operator)
        throw new CaslUnsupportedError(`a negated ${exp.operator} on '${exp.column}' inside an array relationship`);
      if (operator !== '_is_null') return { ...exp, operator };
      return { ...exp, value: { type: 'literal', value: !(exp.value.type === 'literal' && exp.value.value === true) } };
    }
    case 'and':
      return { type: 'or', operands: exp.operands.map(negate) };
    case 'or':
      return { type: 'and', operands: exp.operands.map(negate) };
    case 'not':
      return exp.operand;
    case 'exists':
      throw new CaslUnsupportedError(`_exists on table '${exp.table}' inside an array relationship`);
    case 'relationship':
      if (exp.kind === 'array')
        throw new CaslUnsupportedError(
          `_not around array relationship '${exp.relationship}' inside an array relationship`,
        );
      return { ...exp, where: negate(exp.where) };
  }
}

/** Alternatives, each a list of single-field conditions that must all hold. */
function disjunctiveNormalForm(exp: BoolExp, prefix: string): Query[][] {
  switch (exp.type) {
    case 'compare':
      return [[{ [`${prefix}${exp.column}`]: fieldOperators(exp) }]];
    case 'and':
      return exp.operands.reduce<Query[][]>(
        (alternatives, operand) => {
          const next = disjunctiveNormalForm(operand, prefix);
          const product = alternatives.flatMap((left) => next.map((right) => [...left, ...right]));
          if (product.length > maxAlternatives)
            throw new CaslUnsupportedError(`more than ${maxAlternatives} alternatives inside an array relationship`);
          return product;
        },
        [[]],
      );
    case 'or':
      return exp.operands.flatMap((operand) => disjunctiveNormalForm(operand, prefix));
    case 'not':
      return disjunctiveNormalForm(negate(exp.operand), prefix);
    case 'exists':
      throw new CaslUnsupportedError(`_exists on table '${exp.table}' inside an array relationship`);
    case 'relationship': {
      if (exp.kind === 'object') return disjunctiveNormalForm(exp.where, `${prefix}${exp.relationship}.`);
      const query = arrayRelationshipQuery(`${prefix}${exp.relationship}`, exp.where);
      return Array.isArray(query.$or) ? (query.$or as Query[]).map((part) => [part]) : [[query]];
    }
  }
}

function arrayRelationshipQuery(field: string, where: BoolExp): Query {
  const parts = disjunctiveNormalForm(where, '').map((conjunction) => {
    const merged = mergeFields(conjunction);
    if (!merged)
      throw new CaslUnsupportedError(
        `two conditions with the same operator on one column inside array relationship '${field}'`,
      );
    return { [field]: { $elemMatch: merged } };
  });
  return parts.length === 1 ? (parts[0] as Query) : { $or: parts };
}

function toQuery(exp: BoolExp, prefix: string): Query {
  switch (exp.type) {
    case 'compare':
      return { [`${prefix}${exp.column}`]: fieldOperators(exp) };
    case 'and':
      return conjoin(exp.operands.map((operand) => toQuery(operand, prefix)));
    case 'or': {
      const operands = exp.operands.map((operand) => toQuery(operand, prefix));
      if (operands.length === 1) return operands[0] as Query;
      return {
        $or: operands.flatMap((query) =>
          Object.keys(query).length === 1 && Array.isArray(query.$or) ? (query.$or as Query[]) : [query],
        ),
      };
    }
    case 'not':
      return { $nor: [toQuery(exp.operand, prefix)] };
    case 'exists':
      return existsQuery(exp, prefix);
    case 'relationship':
      return exp.kind === 'object'
        ? toQuery(exp.where, `${prefix}${exp.relationship}.`)
        : arrayRelationshipQuery(`${prefix}${exp.relationship}`, exp.where);
  }
}

/** CASL conditions for an expression; `{}` means every row (omit `conditions`). */
export function boolExpToCasl(exp: BoolExp): CaslConditions {
  return toQuery(exp, '');
}
