// The corpus judged by `access diff`'s library (docs/access-review.md#the-corpus): each entry
// applied to the real permissions.yaml, compiled, and diffed against the real rules. Shared by
// the corpus tests (verdicts and witnesses in TypeScript, then in SQL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import { diffPermissions, type RuleDiff } from '../../../src/access-review/diff/diff-permissions.ts';
import { applyEntry, compileYaml, type CorpusEntry } from './corpus-entry.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
export const baseYaml = readFileSync(path.join(repo, 'permissions.yaml'), 'utf8');
export const corpus = JSON.parse(readFileSync(path.join(import.meta.dirname, 'corpus.json'), 'utf8')) as CorpusEntry[];

export interface JudgedEntry {
  readonly entry: CorpusEntry;
  readonly after: PermissionModel;
  /** Every rule the diff reports (the entry's own, for a correct diff). */
  readonly rules: readonly RuleDiff[];
  /** The entry's rule, or null when the compiled rule did not change at all. */
  readonly rule: RuleDiff | null;
  readonly verdict: string;
  readonly milliseconds: number;
}

export function judgeCorpus(base: PermissionModel): JudgedEntry[] {
  return corpus.map((entry) => {
    const after = compileYaml(applyEntry(baseYaml, entry), `${entry.id}.yaml`);
    const started = performance.now();
    const { rules } = diffPermissions(base, after);
    const milliseconds = performance.now() - started;
    const rule =
      rules.find(
        (found) => found.role === entry.role && found.table === entry.table && found.action === entry.action,
      ) ?? null;
    return { entry, after, rules, rule, verdict: rule?.verdict ?? 'equivalent', milliseconds };
  });
}
