// The tables a role may select and, for each, the columns it may read, in table order: the
// input of the role's schema. Pure over a PermissionModel, so codegen can build the same
// schemas from a freshly compiled permissions.yaml. `admin` reads everything.
import { adminRole } from '../../access/data-query/admin-role.ts';
import type { ColumnModel, PermissionModel, TableModel } from '../../access/permission-model.ts';

export interface RoleTable {
  readonly name: string;
  readonly model: TableModel;
  readonly columns: readonly ColumnModel[];
  readonly allowAggregations: boolean;
  /** Whether the role may read every primary-key column (then `<t>_by_pk` exists). */
  readonly byPrimaryKey: boolean;
}

export type RoleTables = ReadonlyMap<string, RoleTable>;

export function roleTables(model: PermissionModel, role: string): RoleTables {
  const tables = new Map<string, RoleTable>();
  for (const [name, table] of Object.entries(model.tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const select = role === adminRole
      ? { columns: table.columns.map((column) => column.name), allowAggregations: true }
      : model.permissions[role]?.[name]?.select;
    if (!select) continue;
    const columns = table.columns.filter((column) => select.columns.includes(column.name));
    tables.set(name, {
      name,
      model: table,
      columns,
      allowAggregations: select.allowAggregations,
      byPrimaryKey: table.primaryKey.length > 0 && table.primaryKey.every((key) => select.columns.includes(key)),
    });
  }
  return tables;
}

/** Every role a schema is built for: the permissions.yaml roles and `admin`. */
export function schemaRoles(model: PermissionModel): string[] {
  return [adminRole, ...Object.keys(model.roles).sort()];
}
