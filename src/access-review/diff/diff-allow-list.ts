// The diff allow-list (access-diff-allow.yaml beside access-lint-allow.yaml;
// docs/access-review.md#the-diff-allow-list): widenings that are intended, each entry with its
// reason. An entry names role, table and action, each one value or a list, and covers every
// combination; there are no wildcards, so a new role or table is never excused by accident. A
// combination no widening matches is stale: reported, not failed, since the change it excused
// is the previous commit's once the next one lands (remove it then).
import type { RuleAction } from '../../access/permission-model.ts';
import { entryNames, failEntry, parseAllowEntries } from '../allow-list-file.ts';
import { diffActions, type PermissionsDiff, type RuleDiff } from './diff-permissions.ts';

export interface DiffAllowEntry {
  readonly reason: string;
  readonly cells: readonly { readonly role: string; readonly table: string; readonly action: RuleAction }[];
  /** 1-based position in the file, for messages. */
  readonly index: number;
}

const fields = ['role', 'table', 'action', 'reason'] as const;

function parseEntry(file: string, index: number, raw: unknown): DiffAllowEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) failEntry(file, index, 'must be a mapping');
  const entry = raw as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !(fields as readonly string[]).includes(key));
  if (unknown !== undefined) failEntry(file, index, `unknown field '${unknown}' (fields: ${fields.join(', ')})`);
  if (typeof entry.reason !== 'string' || entry.reason.trim().length === 0)
    failEntry(file, index, 'needs a reason (why the widening is intended)');
  for (const key of ['role', 'table', 'action']) if (entry[key] === undefined) failEntry(file, index, `needs '${key}'`);
  const actions = entryNames(file, index, 'action', entry.action);
  const wrong = actions.find((action) => !(diffActions as readonly string[]).includes(action));
  if (wrong !== undefined) failEntry(file, index, `unknown action '${wrong}' (actions: ${diffActions.join(', ')})`);
  const cells = entryNames(file, index, 'role', entry.role).flatMap((role) =>
    entryNames(file, index, 'table', entry.table).flatMap((table) =>
      actions.map((action) => ({ role, table, action: action as RuleAction })),
    ),
  );
  return { reason: entry.reason, cells, index };
}

/** Parses the allow-list text; `file` names it in messages. Throws ReviewError when malformed. */
export function parseDiffAllowList(text: string, file: string): DiffAllowEntry[] {
  return parseAllowEntries(text, file, parseEntry);
}

export interface JudgedRule extends RuleDiff {
  /** The reason of the entry that allows this widening; null when none does (or it does not widen). */
  readonly allowedBecause: string | null;
}

export interface DiffOutcome {
  readonly rules: readonly JudgedRule[];
  readonly compared: number;
  readonly roles: PermissionsDiff['roles'];
  readonly sessionVariables: PermissionsDiff['sessionVariables'];
  /** Widenings no entry allows: each fails the diff. */
  readonly unallowed: number;
  readonly stale: readonly {
    readonly index: number;
    readonly role: string;
    readonly table: string;
    readonly action: string;
  }[];
}

export function judgeDiff(diff: PermissionsDiff, entries: readonly DiffAllowEntry[]): DiffOutcome {
  const matches = (rule: RuleDiff, cell: DiffAllowEntry['cells'][number]) =>
    rule.widens && rule.role === cell.role && rule.table === cell.table && rule.action === cell.action;
  const rules = diff.rules.map((rule) => ({
    ...rule,
    allowedBecause: entries.find((entry) => entry.cells.some((cell) => matches(rule, cell)))?.reason ?? null,
  }));
  const stale = entries.flatMap((entry) =>
    entry.cells
      .filter((cell) => !diff.rules.some((rule) => matches(rule, cell)))
      .map((cell) => ({ index: entry.index, ...cell })),
  );
  return {
    rules,
    compared: diff.compared,
    roles: diff.roles,
    sessionVariables: diff.sessionVariables,
    unallowed: rules.filter((rule) => rule.widens && rule.allowedBecause === null).length,
    stale,
  };
}
