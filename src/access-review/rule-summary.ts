// One role's rules on one table in plain words, per action: what the views under
// generated/permissions/ and `access export` print (docs/access-review.md#views). Mutations are
// offered only with a select rule on the same table (docs/data-layer.md#mutations), so a
// mutation rule without one is said to be inert.
import type { PermissionModel, TablePermissions } from '../access/permission-model.ts';
import { boolExpWords, presetWords } from './rule-words.ts';
import { isEveryRow } from './table-access.ts';

export interface RuleSummary {
  readonly select: string | null;
  readonly insert: string | null;
  readonly update: string | null;
  readonly delete: string | null;
}

function inert(permissions: TablePermissions, text: string): string {
  return permissions.select ? text : `${text} (not offered: no select rule on the table)`;
}

export function ruleSummary(model: PermissionModel, permissions: TablePermissions): RuleSummary {
  const words = (exp: Parameters<typeof boolExpWords>[1]) => boolExpWords(model, exp);
  const { select, insert, update } = permissions;
  return {
    select: select
      ? [
          `rows: ${words(select.filter)}`,
          `columns: ${select.columns.join(', ')}`,
          `aggregates: ${select.allowAggregations ? 'yes' : 'no'}`,
          ...(select.limit !== null ? [`limit: ${select.limit}`] : []),
        ].join('; ')
      : null,
    insert: insert
      ? inert(
          permissions,
          [
            `check: ${isEveryRow(insert.check) ? 'none' : words(insert.check)}`,
            `columns: ${insert.columns.filter((column) => !Object.hasOwn(insert.set, column)).join(', ') || 'none'}`,
            ...(Object.keys(insert.set).length > 0 ? [`set: ${presetWords(model, insert.set).join(', ')}`] : []),
          ].join('; '),
        )
      : null,
    update: update
      ? inert(
          permissions,
          [
            `rows: ${words(update.filter)}`,
            `check: ${update.check && !isEveryRow(update.check) ? words(update.check) : 'none'}`,
            `columns: ${update.columns.filter((column) => !Object.hasOwn(update.set, column)).join(', ') || 'none'}`,
            ...(Object.keys(update.set).length > 0 ? [`set: ${presetWords(model, update.set).join(', ')}`] : []),
          ].join('; '),
        )
      : null,
    delete: permissions.delete ? inert(permissions, `rows: ${words(permissions.delete.filter)}`) : null,
  };
}

/**
 * A column's marks for a role: S select, I insert, U update, (I)/(U) set by the server (a
 * preset, not client input) — the legend of generated/permissions/permission-matrix.md.
 */
export function columnMarks(permissions: TablePermissions, column: string): string {
  const marks: string[] = [];
  if (permissions.select?.columns.includes(column)) marks.push('S');
  if (permissions.insert && Object.hasOwn(permissions.insert.set, column)) marks.push('(I)');
  else if (permissions.insert?.columns.includes(column)) marks.push('I');
  if (permissions.update && Object.hasOwn(permissions.update.set, column)) marks.push('(U)');
  else if (permissions.update?.columns.includes(column)) marks.push('U');
  return marks.join(' ');
}
