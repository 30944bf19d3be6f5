// The diff allow-list (access-diff-allow.yaml beside access-lint-allow.yaml;
// docs/access-review.md#the-diff-allow-list): widenings that are intended, each entry with its
// reason. An entry names role, table and action, each one value or a list, and covers every
// combination, or names documents (document_access entries), or business operations and roles
// (business_operations); there are no wildcards, so a new role, table, document or operation is
// never excused by accident. A
// combination no widening matches is stale: reported, not failed, since the change it excused
// is the previous commit's once the next one lands (remove it then).
import type { RuleAction } from '../../access/permission-model.ts';
import { entryNames, failEntry, parseAllowEntries } from '../allow-list-file.ts';
import type { OperationDiff } from './diff-business-operations.ts';
import type { DocumentDiff } from './diff-documents.ts';
import { diffActions, type PermissionsDiff, type RuleDiff } from './diff-permissions.ts';

export interface DiffAllowEntry {
  readonly reason: string;
  readonly cells: readonly { readonly role: string; readonly table: string; readonly action: RuleAction }[];
  readonly documents: readonly string[];
  /** business_operations widenings: an operation and a role that may now call it (further). */
  readonly operations: readonly { readonly operation: string; readonly role: string }[];
  /** 1-based position in the file, for messages. */
  readonly index: number;
}

const fields = ['role', 'table', 'action', 'document', 'operation', 'reason'] as const;
const ruleFields = ['role', 'table', 'action'] as const;

function parseEntry(file: string, index: number, raw: unknown): DiffAllowEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) failEntry(file, index, 'must be a mapping');
  const entry = raw as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !(fields as readonly string[]).includes(key));
  if (unknown !== undefined) failEntry(file, index, `unknown field '${unknown}' (fields: ${fields.join(', ')})`);
  if (typeof entry.reason !== 'string' || entry.reason.trim().length === 0)
    failEntry(file, index, 'needs a reason (why the widening is intended)');
  if (entry.document !== undefined) {
    const other = ruleFields.find((key) => entry[key] !== undefined);
    if (other !== undefined) failEntry(file, index, `names a document and a '${other}': name one or the other`);
    return {
      reason: entry.reason,
      cells: [],
      documents: entryNames(file, index, 'document', entry.document),
      operations: [],
      index,
    };
  }
  if (entry.operation !== undefined) return parseOperationEntry(file, index, entry, entry.reason);
  for (const key of ruleFields)
    if (entry[key] === undefined) failEntry(file, index, `needs '${key}' (or 'document' for document_access)`);
  const actions = entryNames(file, index, 'action', entry.action);
  const wrong = actions.find((action) => !(diffActions as readonly string[]).includes(action));
  if (wrong !== undefined) failEntry(file, index, `unknown action '${wrong}' (actions: ${diffActions.join(', ')})`);
  const cells = entryNames(file, index, 'role', entry.role).flatMap((role) =>
    entryNames(file, index, 'table', entry.table).flatMap((table) =>
      actions.map((action) => ({ role, table, action: action as RuleAction })),
    ),
  );
  return { reason: entry.reason, cells, documents: [], operations: [], index };
}

/** `operation` (one or a list) and `role` (one or a list): every combination may widen. */
function parseOperationEntry(
  file: string,
  index: number,
  entry: Record<string, unknown>,
  reason: string,
): DiffAllowEntry {
  const other = (['table', 'action', 'document'] as const).find((key) => entry[key] !== undefined);
  if (other !== undefined) failEntry(file, index, `names an operation and a '${other}': name one or the other`);
  if (entry.role === undefined) failEntry(file, index, "needs 'role' (the role that may now call the operation)");
  const operations = entryNames(file, index, 'operation', entry.operation).flatMap((operation) =>
    entryNames(file, index, 'role', entry.role).map((role) => ({ operation, role })),
  );
  return { reason, cells: [], documents: [], operations, index };
}

/** Parses the allow-list text; `file` names it in messages. Throws ReviewError when malformed. */
export function parseDiffAllowList(text: string, file: string): DiffAllowEntry[] {
  return parseAllowEntries(text, file, parseEntry);
}

export interface JudgedRule extends RuleDiff {
  /** The reason of the entry that allows this widening; null when none does (or it does not widen). */
  readonly allowedBecause: string | null;
}

export interface JudgedDocument extends DocumentDiff {
  /** The reason of the entry that allows this widening; null when none does (or it does not widen). */
  readonly allowedBecause: string | null;
}

export interface JudgedOperation extends OperationDiff {
  /** The reason of the entry that allows this widening; null when none does (or it does not widen). */
  readonly allowedBecause: string | null;
}

export type StaleEntry =
  | { readonly index: number; readonly role: string; readonly table: string; readonly action: string }
  | { readonly index: number; readonly document: string }
  | { readonly index: number; readonly operation: string; readonly role: string };

export interface DiffOutcome {
  readonly rules: readonly JudgedRule[];
  readonly compared: number;
  readonly documents: readonly JudgedDocument[];
  readonly comparedDocuments: number;
  readonly operations: readonly JudgedOperation[];
  readonly comparedOperations: number;
  readonly operationsSectionAdded: boolean;
  readonly roles: PermissionsDiff['roles'];
  readonly sessionVariables: PermissionsDiff['sessionVariables'];
  /** Widenings (rules and documents) no entry allows: each fails the diff. */
  readonly unallowed: number;
  readonly stale: readonly StaleEntry[];
}

export function judgeDiff(diff: PermissionsDiff, entries: readonly DiffAllowEntry[]): DiffOutcome {
  const matches = (rule: RuleDiff, cell: DiffAllowEntry['cells'][number]) =>
    rule.widens && rule.role === cell.role && rule.table === cell.table && rule.action === cell.action;
  const rules = diff.rules.map((rule) => ({
    ...rule,
    allowedBecause: entries.find((entry) => entry.cells.some((cell) => matches(rule, cell)))?.reason ?? null,
  }));
  const documentMatches = (document: DocumentDiff, name: string) => document.widens && document.document === name;
  const documents = diff.documents.map((document) => ({
    ...document,
    allowedBecause:
      entries.find((entry) => entry.documents.some((name) => documentMatches(document, name)))?.reason ?? null,
  }));
  const operationMatches = (diffed: OperationDiff, allowed: DiffAllowEntry['operations'][number]) =>
    diffed.widens && diffed.operation === allowed.operation && diffed.role === allowed.role;
  const operations = diff.operations.map((diffed) => ({
    ...diffed,
    allowedBecause:
      entries.find((entry) => entry.operations.some((allowed) => operationMatches(diffed, allowed)))?.reason ?? null,
  }));
  const stale: StaleEntry[] = entries.flatMap((entry) => [
    ...entry.cells
      .filter((cell) => !diff.rules.some((rule) => matches(rule, cell)))
      .map((cell) => ({ index: entry.index, ...cell })),
    ...entry.documents
      .filter((name) => !diff.documents.some((document) => documentMatches(document, name)))
      .map((document) => ({ index: entry.index, document })),
    ...entry.operations
      .filter((allowed) => !diff.operations.some((diffed) => operationMatches(diffed, allowed)))
      .map((allowed) => ({ index: entry.index, ...allowed })),
  ]);
  const unallowed = [...rules, ...documents, ...operations].filter(
    (item) => item.widens && item.allowedBecause === null,
  ).length;
  return {
    rules,
    compared: diff.compared,
    documents,
    comparedDocuments: diff.comparedDocuments,
    operations,
    comparedOperations: diff.comparedOperations,
    operationsSectionAdded: diff.operationsSectionAdded,
    roles: diff.roles,
    sessionVariables: diff.sessionVariables,
    unallowed,
    stale,
  };
}
