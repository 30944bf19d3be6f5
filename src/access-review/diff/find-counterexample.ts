// The decision procedure of `access diff` (docs/access-review.md#decision-procedure): is there a
// session and a row that filter `admits` lets through and filter `refuses` does not? Searching
// finite domains is complete for this fragment: atoms compare one column with a constant, a list
// of constants or a session variable, so only the order of the values matters, never the values.
// Per group of columns and variables compared with each other, the domain is every constant, k
// fresh values in each gap between and beyond them (k = the group's size) and NULL for nullable
// columns. A relationship is EXISTS over related rows; a counterexample never needs more related
// rows per parent than there are relationship conditions on that path (each true EXISTS needs
// one witness row, and dropping the others keeps every false one false), so the search gives each
// path that many (one for an object relationship, which reaches at most one row), up to
// `relatedRowBound`; beyond it, and where the domain cannot be exact (LIKE patterns, order on
// jsonb), "no counterexample" is reported as unknown, never as an implication.
import type { BoolExp, PermissionModel, SessionVariableType } from '../../access/permission-model.ts';
import { compileFormula, relatedRowBound, relatedRowsPerPath } from './compile-filter-formula.ts';
import { F, type Formula, N, Problem, T, type ValueVariable } from './counterexample-problem.ts';
import { evaluateFilter, type SessionWorldValue, type World, type WorldRow } from './evaluate-filter.ts';
import { type ArrayAssignment, type Assignment, evaluate } from './evaluate-formula.ts';
import { buildDomains, type Domain } from './value-domains.ts';
import type { ConcreteValue } from './value-kind.ts';

export { relatedRowBound } from './compile-filter-formula.ts';
/** Partial assignments tried before the search gives up with "unknown". */
export const searchBudget = 2_000_000;

export interface FilterSide {
  readonly model: PermissionModel;
  readonly table: string;
  readonly filter: BoolExp;
}

export interface RelatedWitnessRow {
  /** Relationship names from the row, e.g. `wallet.organization`. */
  readonly path: string;
  readonly table: string;
  readonly row: WorldRow;
}

export interface Witness {
  readonly session: { readonly [name: string]: SessionWorldValue };
  readonly row: WorldRow;
  readonly related: readonly RelatedWitnessRow[];
}

export type CounterexampleResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'found'; readonly witness: Witness }
  | { readonly kind: 'unknown'; readonly reason: string };

/** The world a witness describes: the row and the related rows, each in its table. */
export function witnessWorld(rootTable: string, witness: Witness): World {
  const rows: Record<string, WorldRow[]> = { [rootTable]: [witness.row] };
  for (const related of witness.related) rows[related.table] = [...(rows[related.table] ?? []), related.row];
  return { session: witness.session, rows };
}

/** A world where `admits` is TRUE and `refuses` is not, or none within the bounds, or unknown. */
export function findCounterexample(
  admits: FilterSide,
  refuses: FilterSide,
  sessionTypes: ReadonlyMap<string, SessionVariableType>,
): CounterexampleResult {
  const problem = new Problem(sessionTypes, relatedRowsPerPath([admits, refuses]));
  const root = problem.node(admits.table, '', null, new Map());
  const yes = compileFormula(problem, admits.model, root, '', admits.filter);
  const no = compileFormula(problem, refuses.model, root, '', refuses.filter);
  const search = new CounterexampleSearch(problem, buildDomains(problem), { admits, refuses, yes, no });
  if (search.run() && search.found) return { kind: 'found', witness: search.found };
  if (search.steps > searchBudget) return { kind: 'unknown', reason: `the search gave up after ${searchBudget} steps` };
  // A world the search found that did not replay (e.g. a related row of the row's own table
  // joining it too): the search's model and SQL's disagree there, so nothing is decided.
  if (search.unverified > 0)
    return { kind: 'unknown', reason: `${search.unverified} counterexample(s) did not replay on the filters` };
  if (problem.bounded)
    return {
      kind: 'unknown',
      reason: `more than ${relatedRowBound} related rows per relationship path would be needed`,
    };
  if (problem.incomplete.length > 0) return { kind: 'unknown', reason: problem.incomplete[0] as string };
  return { kind: 'none' };
}

/** Both filters, as given (for the replay) and compiled (for the search). */
interface Filters {
  readonly admits: FilterSide;
  readonly refuses: FilterSide;
  readonly yes: Formula;
  readonly no: Formula;
}

/**
 * Depth-first over the scalar variables, then the array session variables, pruning every partial
 * assignment under which `admits` can no longer be TRUE or `refuses` already is; a complete one
 * counts only once its world replays on both filters (evaluate-filter.ts).
 */
class CounterexampleSearch {
  steps = 0;
  found: Witness | null = null;
  unverified = 0;
  readonly #problem: Problem;
  readonly #domains: ReadonlyMap<number, Domain>;
  readonly #filters: Filters;
  readonly #scalars: readonly number[];
  readonly #arrayVariables: readonly number[];
  readonly #assignment: Assignment;
  readonly #arrays: ArrayAssignment;

  constructor(problem: Problem, domains: ReadonlyMap<number, Domain>, filters: Filters) {
    this.#problem = problem;
    this.#domains = domains;
    this.#filters = filters;
    this.#scalars = problem.variables.filter((variable) => variable.role !== 'array').map((variable) => variable.id);
    this.#arrayVariables = problem.variables.filter((variable) => variable.role === 'array').map((v) => v.id);
    this.#assignment = new Array(problem.variables.length).fill(undefined);
    this.#arrays = new Map(this.#arrayVariables.map((id) => [id, undefined]));
  }

  run(): boolean {
    return this.#assign(0);
  }

  #evaluate(formula: Formula) {
    return evaluate(formula, this.#assignment, this.#arrays, this.#domains);
  }

  #viable(): boolean {
    const a = this.#evaluate(this.#filters.yes);
    if (a === F || a === N) return false;
    return this.#evaluate(this.#filters.no) !== T;
  }

  #verified(): boolean {
    const { admits, refuses } = this.#filters;
    const witness = materialize(this.#problem, this.#assignment, this.#arrays, this.#domains);
    const world = witnessWorld(admits.table, witness);
    const replayed =
      evaluateFilter(admits.model, admits.table, admits.filter, witness.row, world) === 'true' &&
      evaluateFilter(refuses.model, refuses.table, refuses.filter, witness.row, world) !== 'true';
    if (replayed) this.found = witness;
    else this.unverified += 1;
    return replayed;
  }

  #assign(index: number): boolean {
    if (this.steps > searchBudget) return false;
    if (index === this.#scalars.length) return this.#assignArrays(0);
    const id = this.#scalars[index] as number;
    const variable = this.#problem.variables[id] as ValueVariable;
    for (const choice of this.#choicesOf(variable)) {
      this.#assignment[id] = choice;
      this.steps += 1;
      if (this.#viable() && this.#assign(index + 1)) return true;
    }
    this.#assignment[id] = undefined;
    return false;
  }

  /** Absent related rows first and NULL last (witnesses with fewer rows read better); symmetric choices once. */
  #choicesOf(variable: ValueVariable): number[] {
    if (variable.role === 'presence') {
      const previous = this.#problem.previousInstance.get(variable.node);
      return previous === undefined || this.#assignment[this.#problem.presenceVariable(previous)] === 1 ? [0, 1] : [0];
    }
    const domain = this.#domains.get(variable.id);
    if (!domain) return variable.nullable ? [-1] : [];
    let size = domain.values.length;
    if (domain.freshFrom !== null) {
      let highest = domain.freshFrom - 1;
      for (const member of domain.members) {
        const rank = this.#assignment[member];
        if (rank !== undefined && rank > highest) highest = rank;
      }
      size = Math.min(size, highest + 2);
    }
    return [...Array(size).keys(), ...(variable.nullable ? [-1] : [])];
  }

  #assignArrays(index: number): boolean {
    if (index === this.#arrayVariables.length)
      return this.#evaluate(this.#filters.yes) === T && this.#evaluate(this.#filters.no) !== T && this.#verified();
    const variable = this.#arrayVariables[index] as number;
    for (const choice of this.#arrayChoices(variable)) {
      this.#arrays.set(variable, new Set(choice));
      this.steps += 1;
      if (this.#viable() && this.#assignArrays(index + 1)) return true;
    }
    this.#arrays.set(variable, undefined);
    return false;
  }

  /** Subsets of the ranks the variable's columns were given, each also with one other value. */
  #arrayChoices(variable: number): number[][] {
    const domain = this.#domains.get(variable)?.values ?? [];
    const used = new Set<number>();
    for (const member of this.#problem.variables) {
      if (member.role !== 'array' && this.#domains.get(member.id) === this.#domains.get(variable)) {
        const rank = this.#assignment[member.id];
        if (rank !== undefined && rank >= 0) used.add(rank);
      }
    }
    const other = domain.findIndex((_, rank) => !used.has(rank));
    return subsets([...used]).flatMap((subset) => (other >= 0 ? [subset, [...subset, other]] : [subset]));
  }
}

function subsets<Item>(items: readonly Item[]): Item[][] {
  return items.reduce<Item[][]>((all, item) => [...all, ...all.map((subset) => [...subset, item])], [[]]);
}

/** The witness a complete assignment describes: the session, the row, and the related rows present. */
function materialize(
  problem: Problem,
  assignment: Assignment,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
): Witness {
  const valueOf = (variable: number): ConcreteValue | null => {
    const rank = assignment[variable];
    if (rank === undefined || rank < 0) return null;
    return domains.get(variable)?.values[rank] ?? null;
  };
  const rows = new Map<number, Record<string, ConcreteValue | null>>();
  for (const node of problem.nodes) {
    if (node.parent !== null && assignment[problem.presenceVariable(node.id)] !== 1) continue;
    const row: Record<string, ConcreteValue | null> = {};
    for (const [column, variable] of node.aliases) row[column] = valueOf(variable);
    for (const [key, variable] of problem.columnVariables) {
      const [nodeId, column] = [Number(key.slice(0, key.indexOf('.'))), key.slice(key.indexOf('.') + 1)];
      if (nodeId === node.id) row[column] = valueOf(variable);
    }
    rows.set(node.id, row);
  }
  const related = problem.nodes
    .filter((node) => node.parent !== null && rows.has(node.id))
    .map((node) => ({ path: node.path, table: node.table, row: rows.get(node.id) as WorldRow }));
  return { session: witnessSession(problem, arrays, domains, valueOf), row: rows.get(0) ?? {}, related };
}

function witnessSession(
  problem: Problem,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
  valueOf: (variable: number) => ConcreteValue | null,
): Record<string, SessionWorldValue> {
  const session: Record<string, SessionWorldValue> = {};
  for (const [name, variable] of problem.sessionVariables) {
    const set = arrays.get(variable);
    if ((problem.variables[variable] as ValueVariable).role === 'array') {
      const values = domains.get(variable)?.values ?? [];
      session[name] = [...(set ?? [])].sort((a, b) => a - b).map((rank) => values[rank] as ConcreteValue);
    } else {
      const value = valueOf(variable);
      if (value !== null) session[name] = value;
    }
  }
  return session;
}
