// Two versions of one row filter (or check) compared both ways (docs/access-review.md#verdicts):
// a world the new one admits and the old refuses makes it wider, the converse narrower. A found
// world is a witness, already replayed on both filters (find-counterexample.ts); "equivalent"
// needs both searches to end without one within their bounds, and anything undecided is
// "unknown".
import type { BoolExp, PermissionModel, SessionVariableType } from '../../access/permission-model.ts';
import { findCounterexample, type Witness } from './find-counterexample.ts';

export type Verdict = 'equivalent' | 'more-permissive' | 'less-permissive' | 'incomparable' | 'unknown';

export interface FilterComparison {
  readonly verdict: Verdict;
  /** A session and rows the new version admits and the old does not. */
  readonly widening: Witness | null;
  /** A session and rows the old version admits and the new does not. */
  readonly narrowing: Witness | null;
  /** Why a direction is undecided. */
  readonly unknown: readonly string[];
}

export interface FilterVersion {
  readonly model: PermissionModel;
  readonly filter: BoolExp;
}

/** The session variable types of both versions (the new one's type wins when they disagree). */
export function sessionTypesOf(...models: readonly PermissionModel[]): Map<string, SessionVariableType> {
  const types = new Map<string, SessionVariableType>();
  for (const model of models) {
    for (const [name, variable] of Object.entries(model.sessionVariables)) types.set(name, variable.type);
  }
  return types;
}

export function verdictOf(wider: boolean | null, narrower: boolean | null): Verdict {
  if (wider === true && narrower === true) return 'incomparable';
  if (wider === null || narrower === null) return 'unknown';
  if (wider) return 'more-permissive';
  return narrower ? 'less-permissive' : 'equivalent';
}

export function compareFilters(table: string, before: FilterVersion, after: FilterVersion): FilterComparison {
  if (JSON.stringify(before.filter) === JSON.stringify(after.filter))
    return { verdict: 'equivalent', widening: null, narrowing: null, unknown: [] };
  const types = sessionTypesOf(before.model, after.model);
  const widening = findCounterexample({ ...after, table }, { ...before, table }, types);
  const narrowing = findCounterexample({ ...before, table }, { ...after, table }, types);
  const decided = (result: typeof widening) => (result.kind === 'unknown' ? null : result.kind === 'found');
  return {
    verdict: verdictOf(decided(widening), decided(narrowing)),
    widening: widening.kind === 'found' ? widening.witness : null,
    narrowing: narrowing.kind === 'found' ? narrowing.witness : null,
    unknown: [widening, narrowing].flatMap((result) => (result.kind === 'unknown' ? [result.reason] : [])),
  };
}
