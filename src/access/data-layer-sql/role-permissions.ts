// What a data-layer role may select, read from the compiled permissions
// (docs/data-layer.md#the-schema-of-a-role). The data layer's `admin` (X-Data-Admin-Secret alone)
// is not a permissions.yaml role: it reads every tracked table and column, with no row filter,
// limit or aggregation restriction.
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel, SelectPermission, TableModel } from '../permission-model.ts';
import { adminRole } from './admin-role.ts';

export { adminRole } from './admin-role.ts';

const model: PermissionModel = permissionModel;

/** Thrown when a plan asks for what its role may not read: src/data-layer's schema prevents it, so this is a bug. */
export class PlanPermissionError extends Error {
  override name = 'PlanPermissionError';
}

export function tableModel(table: string): TableModel {
  const found = model.tables[table];
  if (!found) throw new PlanPermissionError(`'${table}' is not a tracked table`);
  return found;
}

export function isKnownRole(role: string): boolean {
  return role === adminRole || Object.hasOwn(model.roles, role);
}

/** The role's select rule on `table`, or null when the role may not read it. */
export function selectPermission(role: string, table: string): SelectPermission | null {
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

export function requireSelect(role: string, table: string): SelectPermission {
  const permission = selectPermission(role, table);
  if (!permission) throw new PlanPermissionError(`role '${role}' may not select from '${table}'`);
  return permission;
}

export function requireColumn(role: string, table: string, column: string): string {
  const permission = requireSelect(role, table);
  if (!permission.columns.includes(column))
    throw new PlanPermissionError(`role '${role}' may not read '${table}.${column}'`);
  const dataType = tableModel(table).columns.find((found) => found.name === column)?.dataType;
  if (!dataType) throw new PlanPermissionError(`'${column}' is not a column of '${table}'`);
  return dataType;
}
