// What the reference reading of permissions.yaml says a generated case must get: refused for
// naming something the role may not use (a GraphQL error that says `permission`), else refused
// for its session headers (400) when a variable that a rule the case uses references is missing
// or malformed (used-session-variables.ts), else data (checked row by row in check-response.ts).
import type { AggregateSelection, DataCase, ListArguments, RootField, Selection } from './data-case.ts';
import type { SessionValues } from './evaluate-bool-exp.ts';
import type { ReferenceDatabase } from './reference-database.ts';
import type { BoolExpJson, ReferenceRules } from './reference-rules.ts';
import { usedSessionVariables } from './used-session-variables.ts';

export type Outcome =
  | { readonly kind: 'session-error'; readonly reason: string; readonly variables: readonly string[] }
  | { readonly kind: 'permission-error'; readonly reasons: readonly string[] }
  | { readonly kind: 'data'; readonly session: SessionValues };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const integerArrayPattern = /^\{\s*(-?\d+\s*(,\s*-?\d+\s*)*)?\}$/;

export const summableTypes = new Set(['int2', 'int4', 'int8', 'numeric']);
export const minMaxTypes = new Set([...summableTypes, 'text', 'varchar', 'bpchar', 'timestamptz', 'date']);

export function expectedOutcome(dataCase: DataCase, rules: ReferenceRules, database: ReferenceDatabase): Outcome {
  const session = new Map<string, string | readonly string[]>();
  for (const [header, value] of Object.entries(dataCase.sessionHeaders)) {
    const type = rules.sessionVariableTypes.get(header.toLowerCase());
    if (type === 'integer[]' && integerArrayPattern.test(value)) {
      const body = value.trim().slice(1, -1).trim();
      session.set(header.toLowerCase(), body === '' ? [] : body.split(',').map((item) => String(Number(item.trim()))));
    } else if (type === 'uuid' && uuidPattern.test(value)) session.set(header.toLowerCase(), value.toLowerCase());
    else if (type === 'text') session.set(header.toLowerCase(), value);
  }
  const reasons = dataCase.rootFields.flatMap((field) => refusals(field, dataCase.role, rules, database));
  if (reasons.length > 0) return { kind: 'permission-error', reasons };
  // Every missing variable is named; else the first malformed one (by name).
  const used = usedSessionVariables(dataCase, rules);
  const missing = used.filter((variable) => !(variable in dataCase.sessionHeaders));
  if (missing.length > 0) return { kind: 'session-error', reason: `missing ${missing.join(', ')}`, variables: missing };
  const malformed = used.find((variable) => !session.has(variable));
  if (malformed) return { kind: 'session-error', reason: `malformed ${malformed}`, variables: [malformed] };
  return { kind: 'data', session };
}

/** Everything in the root field that the role may not use, as readable reasons. */
function refusals(field: RootField, role: string, rules: ReferenceRules, database: ReferenceDatabase): string[] {
  const reasons: string[] = [];
  const rule = rules.select(role, field.table);
  if (!rule) return [`${role} has no select rule on ${field.table}`];
  if (field.kind === 'aggregate' && !rule.allowAggregations) reasons.push(`${role} may not aggregate ${field.table}`);

  const readable = (table: string, column: string) => rules.select(role, table)?.columns.includes(column) ?? false;
  /** A relationship is offered when its remote table and its local join columns are readable. */
  const offered = (table: string, name: string) => {
    const relationship = rules.relationships(table).find((candidate) => candidate.name === name);
    if (!relationship) return null;
    if (!rules.select(role, relationship.remoteTable)) return null;
    return relationship.mapping.every(([local]) => readable(table, local)) ? relationship : null;
  };

  const checkWhere = (table: string, where: BoolExpJson) => {
    for (const [key, operand] of Object.entries(where)) {
      if (key === '_and' || key === '_or') for (const item of operand as BoolExpJson[]) checkWhere(table, item);
      else if (key === '_not') checkWhere(table, operand as BoolExpJson);
      else if (rules.relationships(table).some((candidate) => candidate.name === key)) {
        const relationship = offered(table, key);
        if (relationship) checkWhere(relationship.remoteTable, operand as BoolExpJson);
        else reasons.push(`where: relationship ${table}.${key}`);
      } else if (!readable(table, key)) reasons.push(`where: column ${table}.${key}`);
    }
  };
  const checkArguments = (table: string, args: ListArguments) => {
    if (args.where) checkWhere(table, args.where);
    for (const column of args.distinctOn ?? [])
      if (!readable(table, column)) reasons.push(`distinct_on: column ${table}.${column}`);
    for (const key of args.orderBy) {
      let current = table;
      for (const step of key.path) {
        const relationship = offered(current, step);
        if (!relationship || relationship.kind !== 'object') {
          reasons.push(`order_by: relationship ${current}.${step}`);
          return;
        }
        current = relationship.remoteTable;
      }
      if (!readable(current, key.column)) reasons.push(`order_by: column ${current}.${key.column}`);
    }
  };
  const checkAggregateColumns = (table: string, aggregate: AggregateSelection) => {
    const types = database.table(table).columnTypes;
    for (const column of [...aggregate.sum, ...aggregate.avg]) {
      if (!readable(table, column) || !summableTypes.has(types.get(column) ?? ''))
        reasons.push(`sum/avg: ${table}.${column}`);
    }
    for (const column of [...aggregate.min, ...aggregate.max]) {
      if (!readable(table, column) || !minMaxTypes.has(types.get(column) ?? ''))
        reasons.push(`min/max: ${table}.${column}`);
    }
  };
  const checkSelection = (table: string, selection: Selection) => {
    for (const column of selection.columns)
      if (!readable(table, column)) reasons.push(`select: column ${table}.${column}`);
    for (const relation of selection.relations) {
      const relationship = offered(table, relation.name);
      if (!relationship) {
        reasons.push(`select: relationship ${table}.${relation.name}`);
        continue;
      }
      if (relationship.kind === 'array') checkArguments(relationship.remoteTable, relation.args);
      if (relation.aggregate) {
        if (!rules.select(role, relationship.remoteTable)?.allowAggregations)
          reasons.push(
            `select: ${role} may not aggregate ${relationship.remoteTable} (${table}.${relation.name}_aggregate)`,
          );
        checkAggregateColumns(relationship.remoteTable, relation.aggregate);
      }
      checkSelection(relationship.remoteTable, relation.selection);
    }
  };

  if (field.kind === 'by_pk') {
    const key = database.table(field.table).primaryKey;
    if (!key.every((column) => readable(field.table, column))) reasons.push(`${field.table}_by_pk: key not readable`);
  } else {
    checkArguments(field.table, field.args);
  }
  if (field.kind === 'aggregate') {
    checkAggregateColumns(field.table, field.aggregate);
    if (field.nodes) checkSelection(field.table, field.nodes);
  } else {
    checkSelection(field.table, field.selection);
  }
  return reasons;
}
