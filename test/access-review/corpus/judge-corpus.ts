// The corpus judged by `access diff`'s library (docs/access-review.md#the-corpus): each entry
// applied to the real permissions.yaml, compiled, and diffed against the real rules. Shared by
// the corpus tests (verdicts and witnesses in TypeScript, then in SQL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { CompiledPermissionRules } from '../../../src/records/data-layer-sql/data-layer-rules.ts';
import type { BoolExp, PermissionModel } from '../../../src/access/permission-model.ts';
import type { FilterComparison } from '../../../src/access-review/diff/compare-filters.ts';
import type { Witness } from '../../../src/access-review/diff/find-counterexample.ts';
import { diffPermissions, type RuleDiff } from '../../../src/access-review/diff/diff-permissions.ts';
import { compileEntry, type CorpusEntry } from './corpus-entry.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
export const baseYaml = readFileSync(path.join(repo, 'permissions.yaml'), 'utf8');
export const corpus = JSON.parse(readFileSync(path.join(import.meta.dirname, 'corpus.json'), 'utf8')) as CorpusEntry[];

export interface JudgedEntry {
  readonly entry: CorpusEntry;
  readonly after: PermissionModel;
  /** The model with its CASL rules: what a data layer serving this version needs. */
  readonly afterRules: CompiledPermissionRules;
  /** Every rule the diff reports (the entry's own, for a correct diff). */
  readonly rules: readonly RuleDiff[];
  /** The entry's rule, or null when the compiled rule did not change at all. */
  readonly rule: RuleDiff | null;
  readonly verdict: string;
  readonly milliseconds: number;
}

/** The corpus (or the entries `keep` keeps) judged against `base`, the compiled permissions.yaml. */
export function judgeCorpus(base: PermissionModel, keep: (entry: CorpusEntry) => boolean = () => true): JudgedEntry[] {
  const baseValue = parseDocument(baseYaml).toJS();
  return corpus.filter(keep).map((entry) => {
    const afterRules = compileEntry(baseValue, entry);
    const after = afterRules.model;
    const started = performance.now();
    const { rules } = diffPermissions(base, after);
    const milliseconds = performance.now() - started;
    const rule =
      rules.find(
        (found) => found.role === entry.role && found.table === entry.table && found.action === entry.action,
      ) ?? null;
    return { entry, after, afterRules, rules, rule, verdict: rule?.verdict ?? 'equivalent', milliseconds };
  });
}

/** The rule's filter (rows) or check as compiled in `model`; a missing rule admits no row. */
export function partOf(model: PermissionModel, rule: RuleDiff, part: 'rows' | 'check'): BoolExp {
  const permissions = model.permissions[rule.role]?.[rule.table];
  const none = { type: 'or', operands: [] } as const;
  const all = { type: 'and', operands: [] } as const;
  if (part === 'rows') {
    if (rule.action === 'select') return permissions?.select?.filter ?? none;
    if (rule.action === 'update') return permissions?.update?.filter ?? none;
    return permissions?.delete?.filter ?? none;
  }
  if (rule.action === 'insert') return permissions?.insert?.check ?? none;
  return permissions?.update ? (permissions.update.check ?? all) : none;
}

/** Each witness with the filters it separates: [witness, the side that admits it, the side that refuses it]. */
export function witnessesOf(base: PermissionModel, item: JudgedEntry) {
  const found: { part: 'rows' | 'check'; witness: Witness; admits: PermissionModel; refuses: PermissionModel }[] = [];
  if (!item.rule) return found;
  for (const part of ['rows', 'check'] as const) {
    const comparison: FilterComparison | null = item.rule[part];
    if (comparison?.widening) found.push({ part, witness: comparison.widening, admits: item.after, refuses: base });
    if (comparison?.narrowing) found.push({ part, witness: comparison.narrowing, admits: base, refuses: item.after });
  }
  return found;
}
