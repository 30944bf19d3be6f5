// `access diff` over the `document_access` rules of permissions.yaml (docs/access-review.md#documents):
// who may read which row behind a REST document or file route. A caller passes a row when an
// administrator rule names its credential (every row), or else, signed in, when any filter rule
// admits the row (src/access/document-access.ts). So per document two parts are compared: the
// credentials that read every row (a set), and the union of the filter rules (a row filter,
// decided and witnessed by the same procedure as the table rules). Renaming, splitting or
// reordering rules changes neither part.
import type { BoolExp, DocumentAccessModel, PermissionModel } from '../../access/permission-model.ts';
import { compareFilters, type FilterComparison, type Verdict } from './compare-filters.ts';
import { combineVerdicts, widens, type SetChange, type ValueChange } from './verdicts.ts';

export interface DocumentDiff {
  readonly document: string;
  /** gained/lost: the document has rules in one version only; changed: in both. */
  readonly change: 'gained' | 'lost' | 'changed';
  readonly verdict: Verdict;
  readonly widens: boolean;
  /** Set when the rules read another table: their rows are not comparable. */
  readonly table: ValueChange<string> | null;
  /** The union of the filter rules, for a signed-in caller; null when unchanged or the tables differ. */
  readonly filter: FilterComparison | null;
  /** Credentials (admin_api_key, admin_user) an administrator rule lets read every row. */
  readonly administrators: SetChange | null;
}

const noRows: BoolExp = { type: 'or', operands: [] };

function filterOf(access: DocumentAccessModel | undefined): BoolExp {
  const filters = (access?.rules ?? []).flatMap((rule) => (rule.kind === 'filter' ? [rule.filter] : []));
  return filters.length === 1 ? (filters[0] as BoolExp) : { type: 'or', operands: filters };
}

function administratorsOf(access: DocumentAccessModel | undefined): string[] {
  const credentials = (access?.rules ?? []).flatMap((rule) => (rule.kind === 'administrator' ? rule.credentials : []));
  return [...new Set(credentials)].sort();
}

function credentialChange(before: readonly string[], after: readonly string[]): SetChange | null {
  const change = {
    gained: after.filter((item) => !before.includes(item)),
    lost: before.filter((item) => !after.includes(item)),
  };
  return change.gained.length + change.lost.length > 0 ? change : null;
}

function diffDocument(before: PermissionModel, after: PermissionModel, document: string): DocumentDiff | null {
  const [old, now] = [before.documentAccess[document], after.documentAccess[document]];
  const parts = (access: DocumentAccessModel | undefined) =>
    JSON.stringify([access?.table, filterOf(access), administratorsOf(access)]);
  if (parts(old) === parts(now)) return null;
  const change = !old ? 'gained' : !now ? 'lost' : 'changed';
  const table = old && now && old.table !== now.table ? { before: old.table, after: now.table } : null;
  const unchanged = JSON.stringify(filterOf(old)) === JSON.stringify(filterOf(now));
  const filter =
    table || unchanged
      ? null
      : compareFilters(
          (now ?? old)?.table as string,
          { model: before, filter: old ? filterOf(old) : noRows },
          { model: after, filter: now ? filterOf(now) : noRows },
        );
  const administrators = credentialChange(administratorsOf(old), administratorsOf(now));
  const verdict: Verdict =
    change === 'gained'
      ? 'more-permissive'
      : change === 'lost'
        ? 'less-permissive'
        : table
          ? 'incomparable'
          : combineVerdicts([
              filter?.verdict ?? 'equivalent',
              administrators?.gained.length ? 'more-permissive' : 'equivalent',
              administrators?.lost.length ? 'less-permissive' : 'equivalent',
            ]);
  return { document, change, verdict, widens: widens(verdict), table, filter, administrators };
}

/** Every document whose rules differ between `before` and `after`, by name, and how many were compared. */
export function diffDocuments(
  before: PermissionModel,
  after: PermissionModel,
): { readonly documents: DocumentDiff[]; readonly compared: number } {
  const names = [...new Set([...Object.keys(before.documentAccess), ...Object.keys(after.documentAccess)])].sort();
  const documents = names.flatMap((document) => diffDocument(before, after, document) ?? []);
  return { documents, compared: names.length };
}
