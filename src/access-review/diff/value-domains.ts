// The finite domains of the row-filter decision procedure (docs/access-review.md#decision-procedure):
// columns and session variables compared with each other form a group, and since only the order of
// values matters, a group's domain is every constant it is compared with, k fresh values in each
// gap between and beyond them (k = the group's size), or, for a group compared for equality only,
// the constants and k fresh values. Every atom's right-hand side is then resolved to ranks in its
// group's domain.
import { likePatternToRegexSource } from '../../access/like-pattern.ts';
import type { RuleValue } from '../../access/permission-model.ts';
import type { PendingAtom, Problem, Rhs, ValueVariable } from './counterexample-problem.ts';
import type { ConcreteValue, ValueKind } from './value-kind.ts';

const orderOperators = new Set(['_gt', '_lt', '_gte', '_lte']);
/** Kinds whose gaps hold exactly the values `between` returns when it returns fewer than asked. */
const exactGaps = new Set(['integer', 'uuid', 'boolean', 'date']);

export interface Domain {
  readonly values: ConcreteValue[];
  /** For a group compared for equality only: where its interchangeable fresh values begin. */
  readonly freshFrom: number | null;
  readonly members: readonly number[];
}

class UnionFind {
  readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, index) => index);
  }
  find(item: number): number {
    while (this.parent[item] !== item) item = this.parent[item] = this.parent[this.parent[item] as number] as number;
    return item;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

function literalList(value: RuleValue): unknown[] | null {
  if (value.type !== 'literal') return null;
  return Array.isArray(value.value) ? (value.value as unknown[]) : [value.value];
}

/** Builds each group's domain and resolves every atom's right-hand side to ranks in it. */
export function buildDomains(problem: Problem): Map<number, Domain> {
  const groups = new UnionFind(problem.variables.length);
  for (const atom of problem.atoms) {
    if (atom.value.type === 'session') groups.union(atom.variable, problem.sessionVariable(atom.value.name));
  }
  const domains = new Map<number, Domain>();
  for (const [root, ids] of groupMembers(problem, groups)) {
    const variables = ids.map((id) => problem.variables[id] as ValueVariable);
    const kind = (variables.find((variable) => variable.role === 'column') ?? variables[0])?.kind;
    if (!kind) continue;
    const atoms = problem.atoms.filter((atom) => groups.find(atom.variable) === root);
    const { values, freshFrom } = groupValues(problem, kind, atoms, variables.length + 1);
    const domain = { values, freshFrom, members: ids };
    for (const id of ids) domains.set(id, domain);
    for (const atom of atoms) atom.slot.rhs = rhsOf(problem, atom, kind, values);
  }
  return domains;
}

/** The variables of each group by its root, existence variables aside (they are 0 or 1). */
function groupMembers(problem: Problem, groups: UnionFind): Map<number, number[]> {
  const members = new Map<number, number[]>();
  for (const variable of problem.variables) {
    if (variable.role === 'presence') continue;
    const root = groups.find(variable.id);
    members.set(root, [...(members.get(root) ?? []), variable.id]);
  }
  return members;
}

/** One group's domain: `fresh` values in each gap where order matters, else after the constants. */
function groupValues(
  problem: Problem,
  kind: ValueKind,
  atoms: readonly PendingAtom[],
  fresh: number,
): { values: ConcreteValue[]; freshFrom: number | null } {
  const constants = groupConstants(problem, kind, atoms);
  const patterns = atoms.filter((atom) => atom.operator === '_like' || atom.operator === '_ilike');
  if (patterns.length > 0) {
    problem.incomplete.push('LIKE patterns are compared on sample strings only');
    for (const atom of patterns) {
      for (const item of literalList(atom.value) ?? []) {
        const sample = String(item).replace(/\\(.)/g, '$1').replaceAll('%', '').replaceAll('_', 'x');
        if (!constants.includes(sample)) constants.push(sample);
      }
    }
  }
  const ordered = atoms.some((atom) => orderOperators.has(atom.operator));
  if (ordered && kind.name === 'opaque') problem.incomplete.push('order comparison on a column compared as opaque');
  if (ordered || kind.finite || patterns.length > 0)
    return { values: valuesInGaps(problem, kind, constants, fresh), freshFrom: null };
  const extra = kind
    .fresh(fresh + constants.length)
    .filter((value) => !constants.some((known) => kind.compare(known, value) === 0))
    .slice(0, fresh);
  return { values: [...constants, ...extra], freshFrom: constants.length };
}

/** The distinct constants the group's atoms compare with (LIKE patterns aside). */
function groupConstants(problem: Problem, kind: ValueKind, atoms: readonly PendingAtom[]): ConcreteValue[] {
  const constants: ConcreteValue[] = [];
  for (const atom of atoms) {
    if (atom.operator === '_is_null' || atom.operator === '_like' || atom.operator === '_ilike') continue;
    for (const item of literalList(atom.value) ?? []) {
      const normalized = kind.normalize(item);
      if (normalized === null) problem.incomplete.push(`constant ${JSON.stringify(item)} is not a ${kind.name}`);
      else if (!constants.some((known) => kind.compare(known, normalized) === 0)) constants.push(normalized);
    }
  }
  return constants;
}

/** The constants in order, with up to `fresh` values in each gap between and beyond them. */
function valuesInGaps(problem: Problem, kind: ValueKind, constants: ConcreteValue[], fresh: number): ConcreteValue[] {
  constants.sort((a, b) => kind.compare(a, b));
  const values: ConcreteValue[] = [];
  const bounds: (ConcreteValue | null)[] = [null, ...constants, null];
  for (let index = 0; index + 1 < bounds.length; index += 1) {
    const low = bounds[index] as ConcreteValue | null;
    const high = bounds[index + 1] as ConcreteValue | null;
    const inGap = kind.between(low, high, fresh);
    if (inGap.length < fresh && !exactGaps.has(kind.name) && !kind.finite)
      problem.incomplete.push(`too few ${kind.name} values between ${String(low)} and ${String(high)}`);
    values.push(...inGap);
    if (high !== null) values.push(high);
  }
  return values;
}

function rankOf(kind: ValueKind, values: readonly ConcreteValue[], item: unknown): number {
  const normalized = kind.normalize(item);
  return normalized === null ? -2 : values.findIndex((value) => kind.compare(value, normalized) === 0);
}

function rhsOf(problem: Problem, atom: PendingAtom, kind: ValueKind, values: readonly ConcreteValue[]): Rhs {
  const { operator, value } = atom;
  if (operator === '_is_null') return { t: 'null-test', isNull: value.type === 'literal' && value.value === true };
  if (operator === '_like' || operator === '_ilike') {
    if (value.type !== 'literal') {
      problem.incomplete.push('LIKE pattern from a session variable');
      return { t: 'pattern', regex: /^$/ };
    }
    return {
      t: 'pattern',
      regex: new RegExp(likePatternToRegexSource(String(value.value)), operator === '_ilike' ? 'i' : ''),
    };
  }
  if (value.type === 'session') {
    const variable = problem.sessionVariable(value.name);
    return (problem.variables[variable] as ValueVariable).role === 'array'
      ? { t: 'array', variable }
      : { t: 'var', variable };
  }
  if (operator === '_in' || operator === '_nin')
    return { t: 'consts', ranks: (literalList(value) ?? []).map((item) => rankOf(kind, values, item)) };
  return { t: 'const', rank: rankOf(kind, values, value.value) };
}
