// Runs the spec diff on every corpus entry (docs/spec-diff.md#how-it-is-tested): the entry's
// edits applied to the base snapshots, diffed against them as `spec:diff` does, and the changes
// listed compared with the entry's expected ones (kind, location, level; order ignored).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { diffSpecs } from '../../../src/spec-review/diff-specs.ts';
import type { SpecChange } from '../../../src/spec-review/spec-change.ts';
import { applyEntry, baseTexts, type CorpusEntry, type ExpectedChange } from './corpus-entry.ts';

export const corpus: readonly CorpusEntry[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'corpus.json'), 'utf8'),
);

export interface Judged {
  readonly entry: CorpusEntry;
  readonly changes: readonly SpecChange[];
  /** Expected changes the diff did not list, and listed changes not expected, as `level kind at location`. */
  readonly missing: readonly string[];
  readonly unexpected: readonly string[];
}

const words = (change: ExpectedChange) => `${change.level} ${change.kind} at ${change.location}`;

export async function judgeEntry(entry: CorpusEntry): Promise<Judged> {
  const base = baseTexts();
  const after = applyEntry(base, entry);
  const changes = await diffSpecs({ name: 'base', ...base }, { name: entry.id, ...after });
  const listed = changes.map((change) => `${change.spec} ${words(change)}`);
  const expected = entry.expected.map((change) => `${entry.spec} ${words(change)}`);
  return {
    entry,
    changes,
    missing: expected.filter((item) => !listed.includes(item)),
    unexpected: listed.filter((item) => !expected.includes(item)),
  };
}
