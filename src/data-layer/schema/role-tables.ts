// The tables a role may select and, for each, the columns it may read and write, in table
// order: the input of the role's schema. Mutations are offered only on tables the role may
// also select (as Hasura: `where` and `returning` are built from the select rule). Pure over a PermissionModel, so codegen can build the same
// schemas from a freshly compiled permissions.yaml. `admin` reads everything and writes every
// table not marked `read_only` (docs/permissions.md#read-only-tables).
import { adminRole } from '../../records/data-layer-sql/admin-role.ts';
import type { ColumnModel, PermissionModel, TableModel } from '../../access/permission-model.ts';

export interface RoleTable {
  readonly name: string;
  readonly model: TableModel;
  readonly columns: readonly ColumnModel[];
  readonly allowAggregations: boolean;
  /** Whether the role may read every primary-key column (then `<t>_by_pk` exists). */
  readonly byPrimaryKey: boolean;
  /** Columns an insert may give (the rule's columns minus presets); null: no insert rule. */
  readonly insertColumns: readonly ColumnModel[] | null;
  /** Columns `_set` may give (the rule's columns minus presets); null: no update rule. */
  readonly updateColumns: readonly ColumnModel[] | null;
  readonly deletable: boolean;
}

export type RoleTables = ReadonlyMap<string, RoleTable>;

export function roleTables(model: PermissionModel, role: string): RoleTables {
  const tables = new Map<string, RoleTable>();
  for (const [name, table] of Object.entries(model.tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const select =
      role === adminRole
        ? { columns: table.columns.map((column) => column.name), allowAggregations: true }
        : model.permissions[role]?.[name]?.select;
    if (!select) continue;
    const columns = table.columns.filter((column) => select.columns.includes(column.name));
    const rules = model.permissions[role]?.[name];
    const adminWrites = role === adminRole && !table.readOnly;
    const writable = (
      rule: { columns: readonly string[]; set: { readonly [column: string]: unknown } } | null | undefined,
    ) =>
      adminWrites
        ? columns
        : rule
          ? table.columns.filter(
              (column) => rule.columns.includes(column.name) && !Object.hasOwn(rule.set, column.name),
            )
          : null;
    tables.set(name, {
      name,
      model: table,
      columns,
      allowAggregations: select.allowAggregations,
      byPrimaryKey: table.primaryKey.length > 0 && table.primaryKey.every((key) => select.columns.includes(key)),
      insertColumns: writable(rules?.insert),
      updateColumns: writable(rules?.update),
      deletable: adminWrites || Boolean(rules?.delete),
    });
  }
  return tables;
}

/** Every role a schema is built for: the permissions.yaml roles and `admin`. */
export function schemaRoles(model: PermissionModel): string[] {
  return [adminRole, ...Object.keys(model.roles).sort()];
}
