// Through which relationships a role can also reach a table's rows: a nested selection or a
// `where` from another table the role reads. The data layer offers a relationship only when the
// role may read the remote table and the local join columns (visibleRelationships in
// src/data-layer/schema/table-input-types.ts, used here, not restated), and applies the remote
// table's own select rule to the rows it reaches (docs/data-layer.md#the-schema-of-a-role).
import type { PermissionModel } from '../access/permission-model.ts';
import { roleTables } from '../data-layer/schema/role-tables.ts';
import { visibleRelationships } from '../data-layer/schema/table-input-types.ts';

export interface ReachPath {
  /** The table the relationship starts from. */
  readonly fromTable: string;
  readonly relationship: string;
  readonly kind: 'object' | 'array';
}

/** The relationships of the role's schema that lead to `table`, by source table then name. */
export function reachableThrough(model: PermissionModel, role: string, table: string): ReachPath[] {
  const tables = roleTables(model, role);
  const paths: ReachPath[] = [];
  for (const source of tables.values()) {
    for (const [relationship, found] of visibleRelationships(source, tables)) {
      if (found.remoteTable === table) paths.push({ fromTable: source.name, relationship, kind: found.kind });
    }
  }
  return paths;
}
