// The diff allow-list (access-diff-allow.yaml beside access-lint-allow.yaml;
// docs/access-review.md#the-diff-allow-list): widenings that are intended, each entry with its
// reason. An entry names role, table and action, each one value or a list, and covers every
// combination; there are no wildcards, so a new role or table is never excused by accident. A
// combination no widening matches is stale: reported, not failed, since the change it excused
// is the previous commit's once the next one lands (remove it then).
import { parse } from 'yaml';
import type { RuleAction } from '../../access/permission-model.ts';
import { ReviewError } from '../review-error.ts';
import { diffActions, type PermissionsDiff, type RuleDiff } from './diff-permissions.ts';

export interface DiffAllowEntry {
  readonly reason: string;
  readonly cells: readonly { readonly role: string; readonly table: string; readonly action: RuleAction }[];
  /** 1-based position in the file, for messages. */
  readonly index: number;
}

const fields = ['role', 'table', 'action', 'reason'] as const;

function fail(file: string, index: number, message: string): never {
  throw new ReviewError(`${file}: allow entry ${index}: ${message}`);
}

function names(file: string, index: number, key: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item.length > 0))
    fail(file, index, `'${key}' must be a name or a non-empty list of names`);
  return list as string[];
}

function parseEntry(file: string, index: number, raw: unknown): DiffAllowEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(file, index, 'must be a mapping');
  const entry = raw as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !(fields as readonly string[]).includes(key));
  if (unknown !== undefined) fail(file, index, `unknown field '${unknown}' (fields: ${fields.join(', ')})`);
  if (typeof entry.reason !== 'string' || entry.reason.trim().length === 0)
    fail(file, index, 'needs a reason (why the widening is intended)');
  for (const key of ['role', 'table', 'action']) if (entry[key] === undefined) fail(file, index, `needs '${key}'`);
  const actions = names(file, index, 'action', entry.action);
  const wrong = actions.find((action) => !(diffActions as readonly string[]).includes(action));
  if (wrong !== undefined) fail(file, index, `unknown action '${wrong}' (actions: ${diffActions.join(', ')})`);
  const cells = names(file, index, 'role', entry.role).flatMap((role) =>
    names(file, index, 'table', entry.table).flatMap((table) =>
      actions.map((action) => ({ role, table, action: action as RuleAction })),
    ),
  );
  return { reason: entry.reason, cells, index };
}

/** Parses the allow-list text; `file` names it in messages. Throws ReviewError when malformed. */
export function parseDiffAllowList(text: string, file: string): DiffAllowEntry[] {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new ReviewError(`${file}: not YAML: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return [];
  const allow = (document as { allow?: unknown }).allow;
  if (typeof document !== 'object' || Array.isArray(document) || !Array.isArray(allow ?? []))
    throw new ReviewError(`${file}: expected a mapping with an 'allow' list`);
  const unknown = Object.keys(document).filter((key) => key !== 'allow');
  if (unknown.length > 0) throw new ReviewError(`${file}: unknown top-level key '${unknown[0]}' (expected 'allow')`);
  return ((allow ?? []) as unknown[]).map((entry, position) => parseEntry(file, position + 1, entry));
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
