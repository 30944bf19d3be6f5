// What a data-layer role may select, read from the compiled permissions
// (docs/data-layer.md#the-schema-of-a-role). The data layer's `admin` (X-Data-Admin-Secret alone)
// is not a permissions.yaml role: it reads every tracked table and column, with no row filter,
// limit or aggregation restriction. The functions are built over one model by data-layer-rules.ts,
// the one place the service's rules are compiled.
import type { PermissionModel, SelectPermission, TableModel } from '../../access/permission-model.ts';
import { adminRole } from './admin-role.ts';

export { adminRole } from './admin-role.ts';

/** Thrown when a plan asks for what its role may not read: src/data-layer's schema prevents it, so this is a bug. */
export class PlanPermissionError extends Error {
  override name = 'PlanPermissionError';
}

export interface RolePermissions {
  tableModel(table: string): TableModel;
  isKnownRole(role: string): boolean;
  /** The role's select rule on `table`, or null when the role may not read it. */
  selectPermission(role: string, table: string): SelectPermission | null;
  requireSelect(role: string, table: string): SelectPermission;
  /** The column's data type, once the role may read it. */
  requireColumn(role: string, table: string, column: string): string;
}

export function createRolePermissions(model: PermissionModel): RolePermissions {
  function tableModel(table: string): TableModel {
    const found = model.tables[table];
    if (!found) throw new PlanPermissionError(`'${table}' is not a tracked table`);
    return found;
  }

  function selectPermission(role: string, table: string): SelectPermission | null {
    if (role === adminRole) {
      const found = model.tables[table];
      if (!found) return null;
      return {
        filter: { type: 'and', operands: [] },
        columns: found.columns.map((column) => column.name),
        allowAggregations: true,
        limit: null,
      };
    }
    return model.permissions[role]?.[table]?.select ?? null;
  }

  function requireSelect(role: string, table: string): SelectPermission {
    const permission = selectPermission(role, table);
    if (!permission) throw new PlanPermissionError(`role '${role}' may not select from '${table}'`);
    return permission;
  }

  return {
    tableModel,
    isKnownRole: (role) => role === adminRole || Object.hasOwn(model.roles, role),
    selectPermission,
    requireSelect,
    requireColumn(role, table, column) {
      const permission = requireSelect(role, table);
      if (!permission.columns.includes(column))
        throw new PlanPermissionError(`role '${role}' may not read '${table}.${column}'`);
      const dataType = tableModel(table).columns.find((found) => found.name === column)?.dataType;
      if (!dataType) throw new PlanPermissionError(`'${column}' is not a column of '${table}'`);
      return dataType;
    },
  };
}
