// The outcome of a spec diff under the allow-list (docs/spec-diff.md#exit-codes): each change with
// the reason of the entry that allows it, how many breaking changes no entry allows (each fails
// the gate), and the stale entries.
import { allows, type AllowItem, type SpecAllowEntry } from './spec-diff-allow-list.ts';
import type { SpecChange } from './spec-change.ts';

export interface JudgedChange extends SpecChange {
  /** The reason of the entry that allows this breaking change; null when none does or it is not breaking. */
  readonly allowedBecause: string | null;
}

export interface SpecDiffOutcome {
  readonly changes: readonly JudgedChange[];
  readonly counts: { readonly breaking: number; readonly dangerous: number; readonly safe: number };
  /** Breaking changes no entry allows. */
  readonly unallowed: number;
  /** Items of entries (a fingerprint, or kind and location) that match no breaking change. */
  readonly stale: readonly { readonly index: number; readonly item: AllowItem }[];
}

export function judgeSpecDiff(changes: readonly SpecChange[], entries: readonly SpecAllowEntry[]): SpecDiffOutcome {
  const judged = changes.map((change) => ({
    ...change,
    allowedBecause:
      change.level === 'breaking'
        ? (entries.find((entry) => entry.items.some((item) => allows(item, change)))?.reason ?? null)
        : null,
  }));
  const count = (level: SpecChange['level']) => changes.filter((change) => change.level === level).length;
  return {
    changes: judged,
    counts: { breaking: count('breaking'), dangerous: count('dangerous'), safe: count('safe') },
    unallowed: judged.filter((change) => change.level === 'breaking' && change.allowedBecause === null).length,
    stale: entries.flatMap((entry) =>
      entry.items
        .filter((item) => !changes.some((change) => change.level === 'breaking' && allows(item, change)))
        .map((item) => ({ index: entry.index, item })),
    ),
  };
}
