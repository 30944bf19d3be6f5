// The two filters of a row-filter decision (docs/access-review.md#decision-procedure) compiled
// into one problem: each comparison becomes an atom over the row's, a related row's or the
// session's variables, and each relationship an EXISTS over as many interchangeable related rows
// per path as there are relationship conditions on that path (one for an object relationship,
// which reaches at most one row), up to `relatedRowBound`.
import type { BoolExp, PermissionModel, RelationshipModel } from '../../access/permission-model.ts';
import type { Formula, Instance, Problem, Rhs, RowNode } from './counterexample-problem.ts';

/** Related rows per relationship path beyond which "no counterexample" becomes "unknown". */
export const relatedRowBound = 3;

type RelationshipFilter = Extract<BoolExp, { type: 'relationship' }>;

/** Related rows each path needs: one for an object relationship, else the conditions of all filters on it. */
export function relatedRowsPerPath(
  sides: readonly { readonly model: PermissionModel; readonly table: string; readonly filter: BoolExp }[],
): Map<string, number> {
  const counts = new Map<string, number>();
  const objects = new Set<string>();
  for (const side of sides) countPaths(side.model, side.table, side.filter, '', counts, objects);
  for (const path of objects) counts.set(path, 1);
  return counts;
}

function slotKey(remoteTable: string, mapping: { readonly [local: string]: string }): string {
  return `${remoteTable}(${Object.entries(mapping)
    .map(([local, remote]) => `${local}=${remote}`)
    .sort()
    .join(',')})`;
}

function relationshipOf(model: PermissionModel, table: string, name: string): RelationshipModel {
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
    case 'exists':
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

export function compileFormula(
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
    case 'exists':
      throw new Error('_exists reached the decision procedure (beyond-decision.ts keeps it out)');
    case 'compare': {
      if (filter.value.type === 'column')
        throw new Error('a column comparison reached the decision procedure (beyond-decision.ts keeps it out)');
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
    case 'relationship':
      return compileRelationship(problem, model, nodeId, prefix, filter);
  }
}

function compileRelationship(
  problem: Problem,
  model: PermissionModel,
  nodeId: number,
  prefix: string,
  filter: RelationshipFilter,
): Formula {
  const node = problem.nodes[nodeId] as RowNode;
  const relationship = relationshipOf(model, node.table, filter.relationship);
  const key = slotKey(relationship.remoteTable, relationship.columnMapping);
  const path = `${prefix}/${key}`;
  const joinVariables = Object.keys(relationship.columnMapping).map((local) =>
    problem.columnVariable(model, nodeId, local),
  );
  const instances =
    node.slots.get(key) ?? relatedNodes(problem, node, key, path, relationship, filter.relationship, joinVariables);
  return {
    k: 'exists',
    instances: instances.map((instance): Instance => ({
      presence: problem.presenceVariable(instance),
      joinVariables,
      body: compileFormula(problem, model, instance, path, filter.where),
    })),
  };
}

/** The related rows of one path under `node`, made once and shared by every condition on that path. */
function relatedNodes(
  problem: Problem,
  node: RowNode,
  key: string,
  path: string,
  relationship: RelationshipModel,
  name: string,
  joinVariables: readonly number[],
): number[] {
  const wanted = problem.pathCounts.get(path) ?? 1;
  if (wanted > relatedRowBound) problem.bounded = true;
  const aliases = new Map(
    Object.entries(relationship.columnMapping).map(([local], index) => [
      relationship.columnMapping[local] as string,
      joinVariables[index] as number,
    ]),
  );
  const shownPath = node.path ? `${node.path}.${name}` : name;
  const instances = Array.from({ length: Math.min(wanted, relatedRowBound) }, () =>
    problem.node(relationship.remoteTable, shownPath, node.id, aliases),
  );
  // Rows of one path are interchangeable: only a prefix of them is ever present.
  instances.forEach((instance, index, all) => {
    if (index > 0) problem.previousInstance.set(instance, all[index - 1] as number);
  });
  node.slots.set(key, instances);
  return instances;
}
