// `access explain --action insert`: what `insert_<t>` offers beyond the insert rule
// (docs/access-review.md#explain): `on_conflict` with the update rule that governs its update path
// (filter, check, presets), and the nested inserts of `<t>_insert_input`, each with the related
// table's insert rule that governs its rows.
import type { BoolExp, PermissionModel } from '../access/permission-model.ts';
import { insertCapabilities, type NestedInsertCapability, type UpsertCapability } from './insert-capabilities.ts';
import { boolExpWords, presetWords } from './rule-words.ts';
import { isEveryRow, tableAccess } from './table-access.ts';

export interface UpsertExplanation extends UpsertCapability {
  /** The update rule's filter: a conflicting row outside it is left unchanged (`affected_rows` 0). */
  readonly updateRows: string;
  /** The update rule's check on an updated row; `none` admits any. */
  readonly updateCheck: string;
  readonly updatePresets: readonly string[];
}

export interface NestedInsertExplanation extends NestedInsertCapability {
  /** The related table's insert rule, in words: its check, client columns and presets. */
  readonly rule: string;
}

export interface InsertCapabilityExplanation {
  readonly upsert: UpsertExplanation | null;
  readonly nestedInserts: readonly NestedInsertExplanation[];
}

const checkWords = (model: PermissionModel, exp: BoolExp | null | undefined) =>
  exp && !isEveryRow(exp) ? boolExpWords(model, exp) : 'none';

function nestedRule(model: PermissionModel, role: string, nested: NestedInsertCapability): string {
  const insert = tableAccess(model, role, nested.table)?.insert;
  if (!insert) return 'none';
  const columns = insert.columns.filter((column) => !Object.hasOwn(insert.set, column));
  const set = presetWords(model, insert.set);
  return [
    `check ${checkWords(model, insert.check)}`,
    `columns ${columns.join(', ') || 'none'}`,
    ...(set.length > 0 ? [`set ${set.join(', ')}`] : []),
  ].join('; ');
}

export function explainInsertCapabilities(
  model: PermissionModel,
  role: string,
  table: string,
): InsertCapabilityExplanation {
  const found = insertCapabilities(model, role)(table);
  const update = tableAccess(model, role, table)?.update;
  return {
    upsert:
      found.upsert && update
        ? {
            ...found.upsert,
            updateRows: boolExpWords(model, update.filter),
            updateCheck: checkWords(model, update.check),
            updatePresets: presetWords(model, update.set),
          }
        : null,
    nestedInserts: found.nestedInserts.map((nested) => ({ ...nested, rule: nestedRule(model, role, nested) })),
  };
}
