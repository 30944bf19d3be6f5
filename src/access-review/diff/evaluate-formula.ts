// A compiled filter (compile-filter-formula.ts) evaluated on a partial assignment of the search
// (docs/access-review.md#decision-procedure): SQL's three values plus "not decided yet", so a
// branch of the search ends as soon as its outcome is known whatever the unassigned variables hold.
import { type Code, F, type Formula, N, T, U } from './counterexample-problem.ts';
import type { Domain } from './value-domains.ts';

/** A scalar's rank in its domain, -1 for NULL, undefined while unassigned. */
export type Assignment = (number | undefined)[];
/** Array session variables: the ranks they hold (undefined while unassigned). */
export type ArrayAssignment = Map<number, ReadonlySet<number> | undefined>;

type Comparison = Extract<Formula, { k: 'cmp' }>;
type Exists = Extract<Formula, { k: 'exists' }>;

function andCodes(codes: readonly Code[]): Code {
  if (codes.includes(F)) return F;
  if (codes.includes(U)) return U;
  return codes.includes(N) ? N : T;
}

function orCodes(codes: readonly Code[]): Code {
  if (codes.includes(T)) return T;
  if (codes.includes(U)) return U;
  return codes.includes(N) ? N : F;
}

function compareCode(operator: string, left: number, right: number): Code {
  switch (operator) {
    case '_eq':
      return left === right ? T : F;
    case '_neq':
      return left !== right ? T : F;
    case '_gt':
      return left > right ? T : F;
    case '_lt':
      return left < right ? T : F;
    case '_gte':
      return left >= right ? T : F;
    case '_lte':
      return left <= right ? T : F;
    default:
      throw new Error(`operator ${operator} with one value`);
  }
}

function listCode(operator: string, left: number | undefined, list: readonly number[]): Code {
  if (list.length === 0) return operator === '_nin' ? T : F;
  if (left === undefined) return U;
  if (left === -1) return N;
  const found = list.includes(left);
  return (operator === '_in' ? found : !found) ? T : F;
}

export function evaluate(
  formula: Formula,
  assignment: Assignment,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
): Code {
  switch (formula.k) {
    case 'and':
      return andCodes(formula.operands.map((operand) => evaluate(operand, assignment, arrays, domains)));
    case 'or':
      return orCodes(formula.operands.map((operand) => evaluate(operand, assignment, arrays, domains)));
    case 'not': {
      const code = evaluate(formula.operand, assignment, arrays, domains);
      return code === T ? F : code === F ? T : code;
    }
    case 'exists':
      return evaluateExists(formula, assignment, arrays, domains);
    case 'cmp':
      return evaluateComparison(formula, assignment, arrays, domains);
  }
}

/** TRUE once a present related row with its join columns set satisfies the body; FALSE when none can. */
function evaluateExists(
  formula: Exists,
  assignment: Assignment,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
): Code {
  let possible = false;
  for (const instance of formula.instances) {
    const present = assignment[instance.presence];
    if (present === 0) continue;
    const joins = instance.joinVariables.map((variable) => assignment[variable]);
    if (joins.includes(-1)) continue;
    const body = evaluate(instance.body, assignment, arrays, domains);
    if (body === T && present === 1 && !joins.includes(undefined)) return T;
    if (body === T || body === U) possible = true;
  }
  return possible ? U : F;
}

function evaluateComparison(
  formula: Comparison,
  assignment: Assignment,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
): Code {
  const left = assignment[formula.variable];
  const { rhs, operator } = formula;
  if (rhs.t === 'null-test') return left === undefined ? U : (left === -1) === rhs.isNull ? T : F;
  if (rhs.t === 'array') {
    const set = arrays.get(rhs.variable);
    if (set === undefined) return U;
    return listCode(operator, left, [...set]);
  }
  if (rhs.t === 'consts') return listCode(operator, left, rhs.ranks);
  if (left === undefined) return U;
  if (left === -1) return N;
  if (rhs.t === 'pattern') {
    const value = domains.get(formula.variable)?.values[left];
    return rhs.regex.test(String(value)) ? T : F;
  }
  const right = rhs.t === 'const' ? rhs.rank : assignment[rhs.variable];
  if (right === undefined) return U;
  if (right === -2) return N;
  if (operator === '_in' || operator === '_nin') return listCode(operator, left, [right]);
  return compareCode(operator, left, right);
}
