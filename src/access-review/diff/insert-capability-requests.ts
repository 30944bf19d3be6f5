// Witnesses of `access diff` phrased as the request that shows a widening through what
// `insert_<t>` offers beyond its insert rule (docs/access-review.md#upserts-and-nested-inserts):
// an `on_conflict` the new version offers and the old did not (or update columns it gained), and
// a relationship field of `<t>_insert_input` it gained (a nested insert). The request is valid in
// the new version's schema and not in the old's (an unknown argument, field or enum value), and
// each object is a row its table's insert rule admits in the new version (searched as the insert
// check's witnesses are: presets, defaults, the client's columns).
import type { BoolExp, InsertPermission, PermissionModel, RuleAction } from '../../access/permission-model.ts';
import { roleTables, type RoleTables } from '../../data-layer/schema/role-tables.ts';
import { capabilitiesIn, type NestedInsertCapability } from '../insert-capabilities.ts';
import { tableAccess } from '../table-access.ts';
import { sessionTypesOf } from './compare-filters.ts';
import type { SessionWorldValue, WorldRow } from './evaluate-filter.ts';
import { findCounterexample } from './find-counterexample.ts';
import { insertSearch } from './write-requests.ts';

export interface WitnessRequest {
  readonly through: 'on_conflict' | 'nested insert';
  /** The session the request carries: the values the rows' checks read. */
  readonly session: { readonly [name: string]: SessionWorldValue };
  /** The mutation, as a client sends it: the new version accepts it, the old version's schema refuses it. */
  readonly request: string;
  /** Why the old version refuses it. */
  readonly refusedBefore: string;
}

/** Where a request is reported: the first of these cells whose rule differs (the rule that brings the capability first). */
export interface PlacedRequest {
  readonly role: string;
  readonly cells: readonly { readonly table: string; readonly action: RuleAction }[];
  readonly request: WitnessRequest;
}

const noRows = { type: 'or', operands: [] } as const;

function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return JSON.stringify(value);
}

function objectText(fields: readonly (readonly [string, string])[]): string {
  return `{${fields.map(([name, value]) => `${name}: ${value}`).join(', ')}}`;
}

interface InsertRow {
  readonly session: { readonly [name: string]: SessionWorldValue };
  /** The client's columns of a row the insert rule admits (the rest: presets and defaults). */
  readonly fields: readonly (readonly [string, string])[];
  /** The related rows the check read, by relationship path. */
  readonly related: readonly { readonly path: string; readonly row: WorldRow }[];
}

/** The row holds a related row's values (its join columns aside: the relationship fills those). */
function holdsRow(row: WorldRow, skip: readonly string[]): BoolExp[] {
  return Object.entries(row)
    .filter(([column]) => !skip.includes(column))
    .map(([column, value]) =>
      value === null
        ? { type: 'compare', column, operator: '_is_null', value: { type: 'literal', value: true } }
        : { type: 'compare', column, operator: '_eq', value: { type: 'literal', value } },
    );
}

/** A row the role's insert rule on `table` admits in `model`, as the client's columns; null when none is found. */
function insertRow(
  model: PermissionModel,
  role: string,
  table: string,
  leaveOut: readonly string[],
  also: readonly BoolExp[] = [],
): InsertRow | null {
  const rule = tableAccess(model, role, table)?.insert as InsertPermission | null | undefined;
  if (!rule) return null;
  const { admits } = insertSearch(table, { model, rule }, { model, rule: null });
  const filter: BoolExp = { type: 'and', operands: [admits.filter, ...also] };
  const found = findCounterexample({ ...admits, filter }, { model, table, filter: noRows }, sessionTypesOf(model));
  if (found.kind !== 'found') return null;
  const client = rule.columns.filter((column) => !Object.hasOwn(rule.set, column) && !leaveOut.includes(column));
  const row: WorldRow = found.witness.row;
  return {
    session: found.witness.session,
    fields: client.filter((column) => row[column] !== undefined).map((column) => [column, literal(row[column])]),
    related: found.witness.related,
  };
}

function upsertRequest(before: RoleTables, after: RoleTables, model: PermissionModel, role: string, table: string) {
  const now = capabilitiesIn(after, table).upsert;
  if (!now) return null;
  const was = capabilitiesIn(before, table).upsert;
  const gained = now.updateColumns.filter((column) => !was?.updateColumns.includes(column));
  const newConstraint = now.constraints.find((found) => !was?.constraints.some((old) => old.name === found.name));
  if (was && gained.length === 0 && !newConstraint) return null;
  const row = insertRow(model, role, table, []);
  if (!row) return null;
  const constraint = newConstraint ?? (now.constraints[0] as { readonly name: string });
  const columns = gained.length > 0 ? gained : now.updateColumns;
  const onConflict = objectText([
    ['constraint', constraint.name],
    ['update_columns', `[${columns.join(', ')}]`],
  ]);
  return {
    through: 'on_conflict' as const,
    session: row.session,
    request: `mutation { insert_${table}_one(object: ${objectText(row.fields)}, on_conflict: ${onConflict}) { __typename } }`,
    refusedBefore: !was
      ? `insert_${table}_one takes no on_conflict`
      : newConstraint && gained.length === 0
        ? `${table}_constraint has no ${constraint.name}`
        : `${table}_update_column has no ${columns.join(', ')}`,
  };
}

/** The relationship of `table` back to the parent: the nested relationship's mapping reversed. */
function backRelationship(model: PermissionModel, nested: NestedInsertCapability, parent: string): string | undefined {
  const reversed = JSON.stringify(Object.fromEntries(Object.entries(nested.columnMapping).map(([l, r]) => [r, l])));
  return Object.entries(model.tables[nested.table]?.relationships ?? {}).find(
    ([, found]) => found.remoteTable === parent && JSON.stringify(found.columnMapping) === reversed,
  )?.[0];
}

/**
 * Both rows, consistent across the relationship: a check that reads the other row (a child's
 * check reading its parent, a row's check reading the object it nests) gets the row the other
 * search must then produce. An array relationship's children are searched first, an object
 * relationship's row first; null rows where no consistent pair is found.
 */
function nestedRows(
  model: PermissionModel,
  role: string,
  table: string,
  nested: NestedInsertCapability,
  parentFilled: readonly string[],
  childFilled: readonly string[],
): { parent: InsertRow | null; child: InsertRow | null } {
  const joins = [...Object.keys(nested.columnMapping), ...Object.values(nested.columnMapping)];
  const readBy = (row: InsertRow, path: string | undefined) =>
    row.related.filter((related) => related.path === path).flatMap((related) => holdsRow(related.row, joins));
  if (nested.kind === 'array') {
    const child = insertRow(model, role, nested.table, childFilled);
    const back = backRelationship(model, nested, table);
    return { child, parent: child && insertRow(model, role, table, parentFilled, readBy(child, back)) };
  }
  const parent = insertRow(model, role, table, parentFilled);
  return {
    parent,
    child: parent && insertRow(model, role, nested.table, childFilled, readBy(parent, nested.relationship)),
  };
}

function nestedRequest(model: PermissionModel, role: string, table: string, nested: NestedInsertCapability) {
  // The relationship fills the join columns: the parent's (object) or the children's (array).
  const parentFilled = nested.kind === 'object' ? Object.keys(nested.columnMapping) : [];
  const childFilled = nested.kind === 'array' ? Object.values(nested.columnMapping) : [];
  const { parent, child } = nestedRows(model, role, table, nested, parentFilled, childFilled);
  if (!parent || !child) return null;
  const data = nested.kind === 'array' ? `[${objectText(child.fields)}]` : objectText(child.fields);
  const fields = [...parent.fields, [nested.relationship, objectText([['data', data]])] as const];
  return {
    through: 'nested insert' as const,
    session: { ...child.session, ...parent.session },
    request: `mutation { insert_${table}_one(object: ${objectText(fields)}) { __typename } }`,
    refusedBefore: `${table}_insert_input has no field ${nested.relationship}`,
  };
}

/** Every upsert and nested insert the new version offers the role beyond the old, each as a request. */
function roleRequests(before: PermissionModel, after: PermissionModel, role: string): PlacedRequest[] {
  const old = roleTables(before, role);
  const now = roleTables(after, role);
  const placed: PlacedRequest[] = [];
  for (const table of now.keys()) {
    const upsert = upsertRequest(old, now, after, role, table);
    if (upsert)
      placed.push({
        role,
        cells: [
          { table, action: 'update' },
          { table, action: 'insert' },
          { table, action: 'select' },
        ],
        request: upsert,
      });
    const had = capabilitiesIn(old, table).nestedInserts;
    for (const nested of capabilitiesIn(now, table).nestedInserts) {
      if (had.some((found) => found.relationship === nested.relationship)) continue;
      const request = nestedRequest(after, role, table, nested);
      if (request)
        placed.push({
          role,
          cells: [
            { table: nested.table, action: 'insert' },
            { table, action: 'insert' },
            { table: nested.table, action: 'select' },
            { table, action: 'select' },
          ],
          request,
        });
    }
  }
  return placed;
}

/** The requests of every role of either version. */
export function insertCapabilityRequests(before: PermissionModel, after: PermissionModel, roles: readonly string[]) {
  return roles.flatMap((role) => roleRequests(before, after, role));
}
