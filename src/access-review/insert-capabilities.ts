// What a role's `insert_<t>` offers beyond the insert rule itself: `on_conflict` (an upsert, through
// the table's update rule) and the relationship fields of `<t>_insert_input` (nested inserts, each
// through the related table's insert rule), read from the role's schema input with the data
// layer's own predicates (docs/data-layer.md#upserts-on_conflict, #nested-inserts), so the review
// never offers what the schema does not.
import type { PermissionModel, UniqueConstraintModel } from '../access/permission-model.ts';
import { insertableRelationships } from '../data-layer/schema/nested-insert-types.ts';
import { onConflictOffered } from '../data-layer/schema/on-conflict-types.ts';
import { roleTables, type RoleTable, type RoleTables } from '../data-layer/schema/role-tables.ts';

export interface UpsertCapability {
  /** `<t>_constraint`: the constraints `on_conflict` may name. */
  readonly constraints: readonly UniqueConstraintModel[];
  /** `<t>_update_column`: the update rule's client columns. */
  readonly updateColumns: readonly string[];
}

export interface NestedInsertCapability {
  readonly relationship: string;
  readonly kind: 'object' | 'array';
  /** The related table: its insert rule (and, with `upsert`, its update rule) applies to the nested rows. */
  readonly table: string;
  readonly columnMapping: { readonly [local: string]: string };
  /** Whether the nested `{data, on_conflict}` takes `on_conflict` (the role may upsert into the related table). */
  readonly upsert: boolean;
}

export interface InsertCapabilities {
  /** null: `insert_<t>` takes no `on_conflict` (or the role may not insert at all). */
  readonly upsert: UpsertCapability | null;
  readonly nestedInserts: readonly NestedInsertCapability[];
}

const none: InsertCapabilities = { upsert: null, nestedInserts: [] };

function upsertOf(table: RoleTable): UpsertCapability | null {
  if (!table.insertColumns?.length || !onConflictOffered(table)) return null;
  return {
    constraints: table.model.uniqueConstraints ?? [],
    updateColumns: (table.updateColumns ?? []).map((column) => column.name),
  };
}

/** The capabilities of the role's insert on one table, from the role's schema input. */
export function capabilitiesIn(tables: RoleTables, table: string): InsertCapabilities {
  const found = tables.get(table);
  if (!found?.insertColumns?.length) return none;
  return {
    upsert: upsertOf(found),
    nestedInserts: insertableRelationships(found, tables).map(([relationship, model]) => {
      const remote = tables.get(model.remoteTable);
      return {
        relationship,
        kind: model.kind,
        table: model.remoteTable,
        columnMapping: model.columnMapping,
        upsert: remote !== undefined && upsertOf(remote) !== null,
      };
    }),
  };
}

/** Per table, the role's insert capabilities (computed once per role: the schema input is the whole model). */
export function insertCapabilities(model: PermissionModel, role: string): (table: string) => InsertCapabilities {
  const tables = roleTables(model, role);
  return (table) => capabilitiesIn(tables, table);
}

/** `on_conflict` in a line: the constraints and the update columns, or why not. */
export function upsertWords(upsert: UpsertCapability | null): string {
  if (!upsert) return 'no';
  const constraints = upsert.constraints.map((found) => `${found.name} (${found.columns.join(', ')})`).join(', ');
  return `constraints ${constraints}; update columns ${upsert.updateColumns.join(', ')}`;
}

/** The nested inserts in a line: `rel (kind) -> table` each, `+ on_conflict` where offered. */
export function nestedInsertWords(nested: readonly NestedInsertCapability[]): string {
  if (nested.length === 0) return 'none';
  return nested
    .map((found) => `${found.relationship} (${found.kind}) -> ${found.table}${found.upsert ? ' + on_conflict' : ''}`)
    .join(', ');
}

/** The views' lines for the role, per table: none where the role's schema offers no `insert_<t>`. */
export function insertCapabilityLines(model: PermissionModel, role: string): (table: string) => string[] {
  const tables = roleTables(model, role);
  return (table) => {
    if (!tables.get(table)?.insertColumns?.length) return [];
    const { upsert, nestedInserts } = capabilitiesIn(tables, table);
    return [
      `insert on_conflict (through the update rule): ${upsertWords(upsert)}`,
      `nested inserts (each through the related table's insert rule): ${nestedInsertWords(nestedInserts)}`,
    ];
  };
}
