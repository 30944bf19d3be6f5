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
import type { BoolExp, PermissionModel, RuleValue, SessionVariableType } from '../../access/permission-model.ts';
import { likePatternToRegexSource } from '../../access/like-pattern.ts';
import { evaluateFilter, type SessionWorldValue, type World, type WorldRow } from './evaluate-filter.ts';
import { columnKind, sessionKind, type ConcreteValue, type ValueKind } from './value-kind.ts';

/** Related rows per relationship path beyond which "no counterexample" becomes "unknown". */
export const relatedRowBound = 3;
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

// ---- variables and the compiled formula -------------------------------------------------------

const F = 0;
const T = 1;
const N = 2;
const U = 3;
type Code = 0 | 1 | 2 | 3;

type Rhs =
  | { readonly t: 'const'; readonly rank: number }
  | { readonly t: 'var'; readonly variable: number }
  | { readonly t: 'consts'; readonly ranks: readonly number[] }
  | { readonly t: 'array'; readonly variable: number }
  | { readonly t: 'null-test'; readonly isNull: boolean }
  | { readonly t: 'pattern'; readonly regex: RegExp };

type Formula =
  | { readonly k: 'and' | 'or'; readonly operands: readonly Formula[] }
  | { readonly k: 'not'; readonly operand: Formula }
  | { readonly k: 'cmp'; readonly variable: number; readonly operator: string; readonly rhs: Rhs }
  | { readonly k: 'exists'; readonly instances: readonly Instance[] };

interface Instance {
  readonly presence: number;
  readonly joinVariables: readonly number[];
  readonly body: Formula;
}

interface ValueVariable {
  readonly id: number;
  readonly role: 'column' | 'session' | 'array' | 'presence';
  readonly nullable: boolean;
  readonly kind: ValueKind;
  /** For messages and witnesses: the node and column, or the session variable. */
  readonly node: number;
  readonly name: string;
}

interface Node {
  readonly id: number;
  readonly table: string;
  readonly path: string;
  readonly parent: number | null;
  /** column → the parent's variable it joins (the same value in any row that exists). */
  readonly aliases: ReadonlyMap<string, number>;
  readonly slots: Map<string, number[]>;
}

interface PendingAtom {
  readonly variable: number;
  readonly operator: string;
  readonly value: RuleValue;
  readonly slot: { rhs: Rhs | null };
}

class Problem {
  readonly variables: ValueVariable[] = [];
  readonly nodes: Node[] = [];
  readonly atoms: PendingAtom[] = [];
  readonly columnVariables = new Map<string, number>();
  readonly sessionVariables = new Map<string, number>();
  readonly incomplete: string[] = [];
  /** node → the node before it among its path's interchangeable rows. */
  readonly previousInstance = new Map<number, number>();
  bounded = false;

  readonly sessionTypes: ReadonlyMap<string, SessionVariableType>;
  readonly pathCounts: ReadonlyMap<string, number>;

  constructor(sessionTypes: ReadonlyMap<string, SessionVariableType>, pathCounts: ReadonlyMap<string, number>) {
    this.sessionTypes = sessionTypes;
    this.pathCounts = pathCounts;
  }

  addVariable(variable: Omit<ValueVariable, 'id'>): number {
    const id = this.variables.length;
    this.variables.push({ ...variable, id });
    return id;
  }

  node(table: string, path: string, parent: number | null, aliases: ReadonlyMap<string, number>): number {
    const id = this.nodes.length;
    this.nodes.push({ id, table, path, parent, aliases, slots: new Map() });
    return id;
  }

  columnVariable(model: PermissionModel, nodeId: number, column: string): number {
    const node = this.nodes[nodeId] as Node;
    const alias = node.aliases.get(column);
    if (alias !== undefined) return alias;
    const key = `${nodeId}.${column}`;
    const known = this.columnVariables.get(key);
    if (known !== undefined) return known;
    const definition = model.tables[node.table]?.columns.find((found) => found.name === column);
    if (!definition) throw new Error(`'${column}' is not a column of '${node.table}'`);
    const id = this.addVariable({
      role: 'column',
      nullable: definition.isNullable,
      kind: columnKind(definition.dataType),
      node: nodeId,
      name: column,
    });
    this.columnVariables.set(key, id);
    return id;
  }

  sessionVariable(name: string): number {
    const known = this.sessionVariables.get(name);
    if (known !== undefined) return known;
    const type = this.sessionTypes.get(name) ?? 'text';
    const id = this.addVariable({
      role: type.endsWith('[]') ? 'array' : 'session',
      nullable: false,
      kind: sessionKind(type),
      node: -1,
      name,
    });
    this.sessionVariables.set(name, id);
    return id;
  }
}

// ---- building the problem ---------------------------------------------------------------------

function slotKey(remoteTable: string, mapping: { readonly [local: string]: string }): string {
  return `${remoteTable}(${Object.entries(mapping)
    .map(([local, remote]) => `${local}=${remote}`)
    .sort()
    .join(',')})`;
}

function relationshipOf(model: PermissionModel, table: string, name: string) {
  const relationship = model.tables[table]?.relationships[name];
  if (!relationship) throw new Error(`'${name}' is not a relationship of '${table}'`);
  return relationship;
}

/** Whether a relationship reaches at most one row: it maps onto the remote table's whole primary key. */
function reachesOneRow(
  model: PermissionModel,
  remoteTable: string,
  mapping: { readonly [l: string]: string },
): boolean {
  const key = model.tables[remoteTable]?.primaryKey ?? [];
  const remote = new Set(Object.values(mapping));
  return key.length > 0 && key.every((column) => remote.has(column));
}

/** Counts relationship conditions per path (`slotKey/slotKey…`) over a filter. */
function countPaths(
  model: PermissionModel,
  table: string,
  filter: BoolExp,
  prefix: string,
  counts: Map<string, number>,
  objects: Set<string>,
): void {
  switch (filter.type) {
    case 'and':
    case 'or':
      for (const operand of filter.operands) countPaths(model, table, operand, prefix, counts, objects);
      return;
    case 'not':
      countPaths(model, table, filter.operand, prefix, counts, objects);
      return;
    case 'compare':
      return;
    case 'relationship': {
      const relationship = relationshipOf(model, table, filter.relationship);
      const path = `${prefix}/${slotKey(relationship.remoteTable, relationship.columnMapping)}`;
      if (reachesOneRow(model, relationship.remoteTable, relationship.columnMapping)) objects.add(path);
      counts.set(path, (counts.get(path) ?? 0) + 1);
      countPaths(model, relationship.remoteTable, filter.where, path, counts, objects);
    }
  }
}

function compileFormula(
  problem: Problem,
  model: PermissionModel,
  nodeId: number,
  prefix: string,
  filter: BoolExp,
): Formula {
  switch (filter.type) {
    case 'and':
    case 'or':
      return {
        k: filter.type,
        operands: filter.operands.map((operand) => compileFormula(problem, model, nodeId, prefix, operand)),
      };
    case 'not':
      return { k: 'not', operand: compileFormula(problem, model, nodeId, prefix, filter.operand) };
    case 'compare': {
      const variable = problem.columnVariable(model, nodeId, filter.column);
      if (filter.value.type === 'session') problem.sessionVariable(filter.value.name);
      const slot: { rhs: Rhs | null } = { rhs: null };
      problem.atoms.push({ variable, operator: filter.operator, value: filter.value, slot });
      return {
        k: 'cmp',
        variable,
        operator: filter.operator,
        get rhs() {
          return slot.rhs as Rhs;
        },
      } as Formula;
    }
    case 'relationship': {
      const node = problem.nodes[nodeId] as Node;
      const relationship = relationshipOf(model, node.table, filter.relationship);
      const key = slotKey(relationship.remoteTable, relationship.columnMapping);
      const path = `${prefix}/${key}`;
      let instances = node.slots.get(key);
      if (!instances) {
        const wanted = problem.pathCounts.get(path) ?? 1;
        if (wanted > relatedRowBound) problem.bounded = true;
        const joinVariables = Object.keys(relationship.columnMapping).map((local) =>
          problem.columnVariable(model, nodeId, local),
        );
        const aliases = new Map(
          Object.entries(relationship.columnMapping).map(([local], index) => [
            relationship.columnMapping[local] as string,
            joinVariables[index] as number,
          ]),
        );
        const shownPath = node.path ? `${node.path}.${filter.relationship}` : filter.relationship;
        instances = Array.from({ length: Math.min(wanted, relatedRowBound) }, () =>
          problem.node(relationship.remoteTable, shownPath, nodeId, aliases),
        );
        // Rows of one path are interchangeable: only a prefix of them is ever present.
        instances.forEach((instance, index, all) => {
          if (index > 0) problem.previousInstance.set(instance, all[index - 1] as number);
        });
        node.slots.set(key, instances);
      }
      const joinVariables = Object.keys(relationship.columnMapping).map((local) =>
        problem.columnVariable(model, nodeId, local),
      );
      return {
        k: 'exists',
        instances: instances.map((instance) => ({
          presence: presenceOf(problem, instance),
          joinVariables,
          body: compileFormula(problem, model, instance, path, filter.where),
        })),
      };
    }
  }
}

const presenceVariables = new WeakMap<Problem, Map<number, number>>();

function presenceOf(problem: Problem, nodeId: number): number {
  let map = presenceVariables.get(problem);
  if (!map) presenceVariables.set(problem, (map = new Map()));
  const known = map.get(nodeId);
  if (known !== undefined) return known;
  const id = problem.addVariable({
    role: 'presence',
    nullable: false,
    kind: columnKind('bool'),
    node: nodeId,
    name: '(exists)',
  });
  map.set(nodeId, id);
  return id;
}

// ---- domains ----------------------------------------------------------------------------------

const orderOperators = new Set(['_gt', '_lt', '_gte', '_lte']);
/** Kinds whose gaps hold exactly the values `between` returns when it returns fewer than asked. */
const exactGaps = new Set(['integer', 'uuid', 'boolean', 'date']);

interface Domain {
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
function buildDomains(problem: Problem): Map<number, Domain> {
  const groups = new UnionFind(problem.variables.length);
  for (const atom of problem.atoms) {
    if (atom.value.type === 'session') groups.union(atom.variable, problem.sessionVariable(atom.value.name));
  }
  const members = new Map<number, number[]>();
  for (const variable of problem.variables) {
    if (variable.role === 'presence') continue;
    const root = groups.find(variable.id);
    members.set(root, [...(members.get(root) ?? []), variable.id]);
  }
  const domains = new Map<number, Domain>();
  for (const [root, ids] of members) {
    const variables = ids.map((id) => problem.variables[id] as ValueVariable);
    const kind = (variables.find((variable) => variable.role === 'column') ?? variables[0])?.kind;
    if (!kind) continue;
    const atoms = problem.atoms.filter((atom) => groups.find(atom.variable) === root);
    const constants: ConcreteValue[] = [];
    for (const atom of atoms) {
      if (atom.operator === '_is_null' || atom.operator === '_like' || atom.operator === '_ilike') continue;
      for (const item of literalList(atom.value) ?? []) {
        const normalized = kind.normalize(item);
        if (normalized === null) problem.incomplete.push(`constant ${JSON.stringify(item)} is not a ${kind.name}`);
        else if (!constants.some((known) => kind.compare(known, normalized) === 0)) constants.push(normalized);
      }
    }
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
    const fresh = variables.length + 1;
    let values: ConcreteValue[];
    let freshFrom: number | null = null;
    if (ordered || kind.finite || patterns.length > 0) {
      constants.sort((a, b) => kind.compare(a, b));
      values = [];
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
    } else {
      const extra = kind
        .fresh(fresh + constants.length)
        .filter((value) => !constants.some((known) => kind.compare(known, value) === 0))
        .slice(0, fresh);
      values = [...constants, ...extra];
      freshFrom = constants.length;
    }
    const domain = { values, freshFrom, members: ids };
    for (const id of ids) domains.set(id, domain);
    for (const atom of atoms) atom.slot.rhs = rhsOf(problem, atom, kind, values);
  }
  return domains;
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

// ---- evaluation over (partial) assignments ----------------------------------------------------

/** A scalar's rank in its domain, -1 for NULL, undefined while unassigned. */
type Assignment = (number | undefined)[];
/** Array session variables: the ranks they hold (undefined while unassigned). */
type ArrayAssignment = Map<number, ReadonlySet<number> | undefined>;

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

function evaluate(
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
    case 'exists': {
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
    case 'cmp': {
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
  }
}

// ---- search -----------------------------------------------------------------------------------

function subsets<Item>(items: readonly Item[]): Item[][] {
  return items.reduce<Item[][]>((all, item) => [...all, ...all.map((subset) => [...subset, item])], [[]]);
}

function materialize(
  problem: Problem,
  assignment: Assignment,
  arrays: ArrayAssignment,
  domains: ReadonlyMap<number, Domain>,
): { witness: Witness; rows: Map<number, Record<string, ConcreteValue | null>> } {
  const valueOf = (variable: number): ConcreteValue | null => {
    const rank = assignment[variable];
    if (rank === undefined || rank < 0) return null;
    return domains.get(variable)?.values[rank] ?? null;
  };
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
  const rows = new Map<number, Record<string, ConcreteValue | null>>();
  for (const node of problem.nodes) {
    if (node.parent !== null && assignment[presenceOf(problem, node.id)] !== 1) continue;
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
  return { witness: { session, row: rows.get(0) ?? {}, related }, rows };
}

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
  // Per path: one row for an object relationship, else the conditions of both filters on it.
  const counts = new Map<string, number>();
  const objects = new Set<string>();
  for (const side of [admits, refuses]) countPaths(side.model, side.table, side.filter, '', counts, objects);
  for (const path of objects) counts.set(path, 1);
  const problem = new Problem(sessionTypes, counts);
  const root = problem.node(admits.table, '', null, new Map());
  const yes = compileFormula(problem, admits.model, root, '', admits.filter);
  const no = compileFormula(problem, refuses.model, root, '', refuses.filter);
  const domains = buildDomains(problem);
  const scalars = problem.variables.filter((variable) => variable.role !== 'array').map((variable) => variable.id);
  const arrayVariables = problem.variables.filter((variable) => variable.role === 'array').map((v) => v.id);
  const assignment: Assignment = new Array(problem.variables.length).fill(undefined);
  const arrays: ArrayAssignment = new Map(arrayVariables.map((id) => [id, undefined]));
  let steps = 0;
  let found: Witness | null = null;

  let unverified = 0;
  const verified = (): boolean => {
    const { witness } = materialize(problem, assignment, arrays, domains);
    const world = witnessWorld(admits.table, witness);
    const replayed =
      evaluateFilter(admits.model, admits.table, admits.filter, witness.row, world) === 'true' &&
      evaluateFilter(refuses.model, refuses.table, refuses.filter, witness.row, world) !== 'true';
    if (replayed) found = witness;
    else unverified += 1;
    return replayed;
  };

  const viable = (): boolean => {
    const a = evaluate(yes, assignment, arrays, domains);
    if (a === F || a === N) return false;
    return evaluate(no, assignment, arrays, domains) !== T;
  };

  const assignArrays = (index: number): boolean => {
    if (index === arrayVariables.length)
      return (
        evaluate(yes, assignment, arrays, domains) === T &&
        evaluate(no, assignment, arrays, domains) !== T &&
        verified()
      );
    const variable = arrayVariables[index] as number;
    const domain = domains.get(variable)?.values ?? [];
    const used = new Set<number>();
    for (const member of problem.variables) {
      if (member.role !== 'array' && domains.get(member.id) === domains.get(variable)) {
        const rank = assignment[member.id];
        if (rank !== undefined && rank >= 0) used.add(rank);
      }
    }
    const other = domain.findIndex((_, rank) => !used.has(rank));
    const choices = subsets([...used]).flatMap((subset) => (other >= 0 ? [subset, [...subset, other]] : [subset]));
    for (const choice of choices) {
      arrays.set(variable, new Set(choice));
      steps += 1;
      if (viable() && assignArrays(index + 1)) return true;
    }
    arrays.set(variable, undefined);
    return false;
  };

  /** Absent related rows first and NULL last (witnesses with fewer rows read better); symmetric choices once. */
  const choicesOf = (variable: ValueVariable): number[] => {
    if (variable.role === 'presence') {
      const previous = problem.previousInstance.get(variable.node);
      return previous === undefined || assignment[presenceOf(problem, previous)] === 1 ? [0, 1] : [0];
    }
    const domain = domains.get(variable.id);
    if (!domain) return variable.nullable ? [-1] : [];
    let size = domain.values.length;
    if (domain.freshFrom !== null) {
      let highest = domain.freshFrom - 1;
      for (const member of domain.members) {
        const rank = assignment[member];
        if (rank !== undefined && rank > highest) highest = rank;
      }
      size = Math.min(size, highest + 2);
    }
    return [...Array(size).keys(), ...(variable.nullable ? [-1] : [])];
  };

  const assign = (index: number): boolean => {
    if (steps > searchBudget) return false;
    if (index === scalars.length) return assignArrays(0);
    const id = scalars[index] as number;
    const variable = problem.variables[id] as ValueVariable;
    const choices = choicesOf(variable);
    for (const choice of choices) {
      assignment[id] = choice;
      steps += 1;
      if (viable() && assign(index + 1)) return true;
    }
    assignment[id] = undefined;
    return false;
  };

  if (assign(0) && found) return { kind: 'found', witness: found };
  if (steps > searchBudget) return { kind: 'unknown', reason: `the search gave up after ${searchBudget} steps` };
  // A world the search found that did not replay (e.g. a related row of the row's own table
  // joining it too): the search's model and SQL's disagree there, so nothing is decided.
  if (unverified > 0)
    return { kind: 'unknown', reason: `${unverified} counterexample(s) did not replay on the filters` };
  if (problem.bounded)
    return {
      kind: 'unknown',
      reason: `more than ${relatedRowBound} related rows per relationship path would be needed`,
    };
  if (problem.incomplete.length > 0) return { kind: 'unknown', reason: problem.incomplete[0] as string };
  return { kind: 'none' };
}
