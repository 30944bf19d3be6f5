// What the row-filter decision procedure searches (docs/access-review.md#decision-procedure): the
// variables of a world (the columns of the row and of its related rows, the session variables, and
// whether each related row exists), the nodes of the row and its related rows, and the formulas
// the two filters compile to over those variables.
import type { PermissionModel, RuleValue, SessionVariableType } from '../../access/permission-model.ts';
import { columnKind, sessionKind, type ValueKind } from './value-kind.ts';

/** A formula's value under a partial assignment: FALSE, TRUE, NULL, or not decided yet. */
export const F = 0;
export const T = 1;
export const N = 2;
export const U = 3;
export type Code = 0 | 1 | 2 | 3;

/** The right-hand side of a comparison, once the domains are built (value-domains.ts). */
export type Rhs =
  | { readonly t: 'const'; readonly rank: number }
  | { readonly t: 'var'; readonly variable: number }
  | { readonly t: 'consts'; readonly ranks: readonly number[] }
  | { readonly t: 'array'; readonly variable: number }
  | { readonly t: 'null-test'; readonly isNull: boolean }
  | { readonly t: 'pattern'; readonly regex: RegExp };

export type Formula =
  | { readonly k: 'and' | 'or'; readonly operands: readonly Formula[] }
  | { readonly k: 'not'; readonly operand: Formula }
  | { readonly k: 'cmp'; readonly variable: number; readonly operator: string; readonly rhs: Rhs }
  | { readonly k: 'exists'; readonly instances: readonly Instance[] };

/** One related row an EXISTS may find: whether it is there, the columns it joins on, its condition. */
export interface Instance {
  readonly presence: number;
  readonly joinVariables: readonly number[];
  readonly body: Formula;
}

export interface ValueVariable {
  readonly id: number;
  readonly role: 'column' | 'session' | 'array' | 'presence';
  readonly nullable: boolean;
  readonly kind: ValueKind;
  /** For messages and witnesses: the node and column, or the session variable. */
  readonly node: number;
  readonly name: string;
}

/** The row (node 0) or one related row of it. */
export interface RowNode {
  readonly id: number;
  readonly table: string;
  readonly path: string;
  readonly parent: number | null;
  /** column → the parent's variable it joins (the same value in any row that exists). */
  readonly aliases: ReadonlyMap<string, number>;
  readonly slots: Map<string, number[]>;
}

/** A comparison whose right-hand side is resolved once its group's domain is known. */
export interface PendingAtom {
  readonly variable: number;
  readonly operator: string;
  readonly value: RuleValue;
  readonly slot: { rhs: Rhs | null };
}

export class Problem {
  readonly variables: ValueVariable[] = [];
  readonly nodes: RowNode[] = [];
  readonly atoms: PendingAtom[] = [];
  readonly columnVariables = new Map<string, number>();
  readonly sessionVariables = new Map<string, number>();
  /** node → the variable saying whether that related row exists. */
  readonly presenceVariables = new Map<number, number>();
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
    const node = this.nodes[nodeId] as RowNode;
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

  presenceVariable(nodeId: number): number {
    const known = this.presenceVariables.get(nodeId);
    if (known !== undefined) return known;
    const id = this.addVariable({
      role: 'presence',
      nullable: false,
      kind: columnKind('bool'),
      node: nodeId,
      name: '(exists)',
    });
    this.presenceVariables.set(nodeId, id);
    return id;
  }
}
