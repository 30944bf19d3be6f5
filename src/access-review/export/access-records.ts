// `access export`: the matrix as flat records, one per role × table × column for every table the
// role has a rule on (admin included), for spreadsheets and scripts (docs/access-review.md#export).
// Conditions are in plain words; `access explain` gives their SQL. `onConflict` and
// `nestedInserts` say what `insert_<t>` offers beyond the insert rule (insert-capabilities.ts).
import type { BoolExp, PermissionModel } from '../../access/permission-model.ts';
import { insertCapabilities, nestedInsertWords, upsertWords } from '../insert-capabilities.ts';
import { boolExpWords } from '../rule-words.ts';
import { isEveryRow, reviewRoles, tableAccess } from '../table-access.ts';

/** How a role may write a column: a client gives it, the server presets it, or neither. */
export type WriteAccess = 'client' | 'preset' | 'no';

export interface AccessRecord {
  readonly role: string;
  readonly table: string;
  readonly column: string;
  readonly select: boolean;
  readonly insert: WriteAccess;
  readonly update: WriteAccess;
  /** Whether the role may delete rows of the table (whole rows). */
  readonly delete: boolean;
  readonly selectRows: string;
  readonly aggregates: boolean;
  readonly limit: number | null;
  readonly insertCheck: string;
  readonly updateRows: string;
  readonly updateCheck: string;
  readonly deleteRows: string;
  /** `on_conflict` of `insert_<t>`: its constraints and update columns, or `no`. */
  readonly onConflict: string;
  /** Whether `on_conflict.update_columns` may name this column. */
  readonly upsertUpdate: boolean;
  /** The relationship fields of `<t>_insert_input` (`rel (kind) -> table`), or `none`. */
  readonly nestedInserts: string;
}

export const accessRecordFields = [
  'role',
  'table',
  'column',
  'select',
  'insert',
  'update',
  'delete',
  'selectRows',
  'aggregates',
  'limit',
  'insertCheck',
  'updateRows',
  'updateCheck',
  'deleteRows',
  'onConflict',
  'upsertUpdate',
  'nestedInserts',
] as const satisfies readonly (keyof AccessRecord)[];

function writeAccess(
  rule: { readonly columns: readonly string[]; readonly set: { readonly [column: string]: unknown } } | null,
  column: string,
): WriteAccess {
  if (!rule) return 'no';
  if (Object.hasOwn(rule.set, column)) return 'preset';
  return rule.columns.includes(column) ? 'client' : 'no';
}

export function accessRecords(model: PermissionModel): AccessRecord[] {
  const records: AccessRecord[] = [];
  for (const role of reviewRoles(model)) {
    const capabilitiesOf = insertCapabilities(model, role);
    for (const [table, tableModel] of Object.entries(model.tables)) {
      const permissions = tableAccess(model, role, table);
      if (!permissions) continue;
      const { upsert, nestedInserts } = capabilitiesOf(table);
      const words = (exp: BoolExp | null | undefined) => (exp ? boolExpWords(model, exp) : '');
      /** A rule's check; an empty one (or none, for update) admits any row. */
      const check = (exp: BoolExp | null) => (exp && !isEveryRow(exp) ? boolExpWords(model, exp) : 'none');
      for (const column of tableModel.columns) {
        records.push({
          role,
          table,
          column: column.name,
          select: permissions.select?.columns.includes(column.name) ?? false,
          insert: writeAccess(permissions.insert, column.name),
          update: writeAccess(permissions.update, column.name),
          delete: permissions.delete !== null,
          selectRows: words(permissions.select?.filter),
          aggregates: permissions.select?.allowAggregations ?? false,
          limit: permissions.select?.limit ?? null,
          insertCheck: permissions.insert ? check(permissions.insert.check) : '',
          updateRows: words(permissions.update?.filter),
          updateCheck: permissions.update ? check(permissions.update.check) : '',
          deleteRows: words(permissions.delete?.filter),
          onConflict: upsertWords(upsert),
          upsertUpdate: upsert?.updateColumns.includes(column.name) ?? false,
          nestedInserts: nestedInsertWords(nestedInserts),
        });
      }
    }
  }
  return records;
}
