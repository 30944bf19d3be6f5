// What a data-layer role may insert, update and delete (docs/data-layer.md#mutations), read from
// the compiled permissions. `admin` writes every column it may read, with no check, preset or
// filter, on every table not marked `read_only` (docs/permissions.md#read-only-tables), where
// nobody writes. Built over one model by data-layer-rules.ts, the one place the service's rules are compiled.
import type {
  DeletePermission,
  InsertPermission,
  PermissionModel,
  UpdatePermission,
} from '../../access/permission-model.ts';
import { adminRole } from './admin-role.ts';
import { PlanPermissionError, type RolePermissions } from './role-permissions.ts';

const everyRow = { type: 'and', operands: [] } as const;

export interface MutationPermissions {
  insertPermission(role: string, table: string): InsertPermission | null;
  updatePermission(role: string, table: string): UpdatePermission | null;
  deletePermission(role: string, table: string): DeletePermission | null;
  columnType(table: string, column: string): string;
  /** The column's data type, once the rule lets the client give it. */
  requireWritable(role: string, permission: InsertPermission | UpdatePermission, table: string, column: string): string;
}

/** Columns a client may give (the rule's columns minus its presets, which the server sets). */
export function writableColumns(permission: InsertPermission | UpdatePermission): string[] {
  return permission.columns.filter((column) => !Object.hasOwn(permission.set, column));
}

export function createMutationPermissions(model: PermissionModel, select: RolePermissions): MutationPermissions {
  function columnType(table: string, column: string): string {
    const dataType = select.tableModel(table).columns.find((found) => found.name === column)?.dataType;
    if (!dataType) throw new PlanPermissionError(`'${column}' is not a column of '${table}'`);
    return dataType;
  }

  /** Whether admin writes `table`: a tracked table not marked read-only. */
  const adminWrites = (table: string) => {
    const found = model.tables[table];
    return found !== undefined && !found.readOnly;
  };

  return {
    insertPermission(role, table) {
      if (role === adminRole)
        return adminWrites(table)
          ? { check: everyRow, set: {}, columns: select.requireSelect(role, table).columns }
          : null;
      return model.permissions[role]?.[table]?.insert ?? null;
    },
    updatePermission(role, table) {
      if (role === adminRole)
        return adminWrites(table)
          ? { filter: everyRow, columns: select.requireSelect(role, table).columns, check: null, set: {} }
          : null;
      return model.permissions[role]?.[table]?.update ?? null;
    },
    deletePermission(role, table) {
      if (role === adminRole) return adminWrites(table) ? { filter: everyRow } : null;
      return model.permissions[role]?.[table]?.delete ?? null;
    },
    columnType,
    requireWritable(role, permission, table, column) {
      if (!writableColumns(permission).includes(column))
        throw new PlanPermissionError(`role '${role}' may not write '${table}.${column}'`);
      return columnType(table, column);
    },
  };
}
