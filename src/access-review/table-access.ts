// What a role may do on a table, for every role the data layer knows: the permissions.yaml roles
// read their rules from the model; `admin` (src/records/data-layer-sql/admin-role.ts, the admin
// secret alone) is not a permissions.yaml role and gets what role-permissions.ts and
// mutation-permissions.ts give it: every row and column (secret columns are not in the model),
// aggregates, no limit, writes without check, preset or filter, except on a table marked
// `read_only` (docs/permissions.md#read-only-tables), which it only reads. Pure over a PermissionModel, so
// codegen renders the views from a freshly compiled permissions.yaml; a test holds it equal to
// the data layer's own functions (docs/access-review.md#how-it-is-tested).
import { adminRole } from '../records/data-layer-sql/admin-role.ts';
import type { BoolExp, PermissionModel, TablePermissions } from '../access/permission-model.ts';
import { schemaRoles } from '../data-layer/schema/role-tables.ts';

export { adminRole } from '../records/data-layer-sql/admin-role.ts';

/** `{}`: the condition that admits every row. */
export const everyRow: BoolExp = { type: 'and', operands: [] };

export function isEveryRow(condition: BoolExp): boolean {
  return condition.type === 'and' && condition.operands.length === 0;
}

/** Every role a request can act as: `admin` first, then the permissions.yaml roles by name. */
export function reviewRoles(model: PermissionModel): string[] {
  return schemaRoles(model);
}

export function isReviewRole(model: PermissionModel, role: string): boolean {
  return role === adminRole || Object.hasOwn(model.roles, role);
}

function adminAccess(model: PermissionModel, table: string): TablePermissions | null {
  const tableModel = model.tables[table];
  if (!tableModel) return null;
  const columns = tableModel.columns.map((column) => column.name);
  const writes = !tableModel.readOnly;
  return {
    select: { filter: everyRow, columns, allowAggregations: true, limit: null },
    insert: writes ? { check: everyRow, set: {}, columns } : null,
    update: writes ? { filter: everyRow, columns, check: null, set: {} } : null,
    delete: writes ? { filter: everyRow } : null,
  };
}

/** The role's rules on `table` (admin's synthesized), or null when it has none there. */
export function tableAccess(model: PermissionModel, role: string, table: string): TablePermissions | null {
  if (role === adminRole) return adminAccess(model, table);
  return model.permissions[role]?.[table] ?? null;
}
