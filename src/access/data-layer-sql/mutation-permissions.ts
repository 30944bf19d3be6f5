// What a data-layer role may insert, update and delete (docs/data-layer.md#mutations), read from
// the compiled permissions. `admin` writes every column it may read, with no check, preset or
// filter.
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { DeletePermission, InsertPermission, PermissionModel, UpdatePermission } from '../permission-model.ts';
import { adminRole } from './admin-role.ts';
import { PlanPermissionError, requireSelect, tableModel } from './role-permissions.ts';

const model: PermissionModel = permissionModel;
const everyRow = { type: 'and', operands: [] } as const;

export function insertPermission(role: string, table: string): InsertPermission | null {
  if (role === adminRole)
    return model.tables[table] ? { check: everyRow, set: {}, columns: requireSelect(role, table).columns } : null;
  return model.permissions[role]?.[table]?.insert ?? null;
}

export function updatePermission(role: string, table: string): UpdatePermission | null {
  if (role === adminRole)
    return model.tables[table]
      ? { filter: everyRow, columns: requireSelect(role, table).columns, check: null, set: {} }
      : null;
  return model.permissions[role]?.[table]?.update ?? null;
}

export function deletePermission(role: string, table: string): DeletePermission | null {
  if (role === adminRole) return model.tables[table] ? { filter: everyRow } : null;
  return model.permissions[role]?.[table]?.delete ?? null;
}

/** Columns a client may give (the rule's columns minus its presets, which the server sets). */
export function writableColumns(permission: InsertPermission | UpdatePermission): string[] {
  return permission.columns.filter((column) => !Object.hasOwn(permission.set, column));
}

export function columnType(table: string, column: string): string {
  const dataType = tableModel(table).columns.find((found) => found.name === column)?.dataType;
  if (!dataType) throw new PlanPermissionError(`'${column}' is not a column of '${table}'`);
  return dataType;
}

export function requireWritable(
  role: string,
  permission: InsertPermission | UpdatePermission,
  table: string,
  column: string,
): string {
  if (!writableColumns(permission).includes(column))
    throw new PlanPermissionError(`role '${role}' may not write '${table}.${column}'`);
  return columnType(table, column);
}
