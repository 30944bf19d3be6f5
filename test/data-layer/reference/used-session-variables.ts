// Which session variables a generated case needs, read from the case and the YAML alone (as
// Hasura decides it, docs/data-layer.md#authentication): those referenced by the select rules
// of every table the request reads through the role — its root fields' tables, and the remote
// tables of the relationships it selects, filters on in a `where` or orders by. A rule's own
// relationships reach every row, so they bring in no other rule. Every other variable, missing
// or malformed, is ignored.
import type { DataCase, ListArguments, RootField, Selection } from './data-case.ts';
import type { BoolExpJson, ReferenceRules } from './reference-rules.ts';

/** Lower-case names of the session variables the case's rules reference, sorted. */
export function usedSessionVariables(dataCase: DataCase, rules: ReferenceRules): string[] {
  const tables = new Set<string>();
  const relationshipOf = (table: string, name: string) => {
    const relationship = rules.relationships(table).find((candidate) => candidate.name === name);
    if (!relationship) throw new Error(`reference: no relationship ${table}.${name}`);
    return relationship;
  };

  const visitWhere = (table: string, where: BoolExpJson): void => {
    for (const [key, operand] of Object.entries(where)) {
      if (key === '_and' || key === '_or') for (const item of operand as BoolExpJson[]) visitWhere(table, item);
      else if (key === '_not') visitWhere(table, operand as BoolExpJson);
      else if (rules.relationships(table).some((candidate) => candidate.name === key)) {
        const remote = relationshipOf(table, key).remoteTable;
        tables.add(remote);
        visitWhere(remote, operand as BoolExpJson);
      }
    }
  };
  const visitArguments = (table: string, args: ListArguments): void => {
    if (args.where) visitWhere(table, args.where);
    for (const key of args.orderBy) {
      let current = table;
      for (const step of key.path) {
        current = relationshipOf(current, step).remoteTable;
        tables.add(current);
      }
    }
  };
  const visitSelection = (table: string, selection: Selection): void => {
    for (const relation of selection.relations) {
      const relationship = relationshipOf(table, relation.name);
      tables.add(relationship.remoteTable);
      if (relationship.kind === 'array') visitArguments(relationship.remoteTable, relation.args);
      visitSelection(relationship.remoteTable, relation.selection);
    }
  };
  const visitRootField = (field: RootField): void => {
    tables.add(field.table);
    if (field.kind !== 'by_pk') visitArguments(field.table, field.args);
    if (field.kind !== 'aggregate') visitSelection(field.table, field.selection);
    else if (field.nodes) visitSelection(field.table, field.nodes);
  };
  dataCase.rootFields.forEach(visitRootField);

  const used = new Set<string>();
  for (const table of tables) collectReferences(rules.select(dataCase.role, table)?.filter ?? {}, rules, used);
  return [...used].sort();
}

/** Every operand in a filter that names a declared session variable (`X-Data-User-Id`, any case). */
function collectReferences(value: unknown, rules: ReferenceRules, into: Set<string>): void {
  if (typeof value === 'string') {
    if (rules.sessionVariableTypes.has(value.toLowerCase())) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, rules, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectReferences(item, rules, into);
  }
}
