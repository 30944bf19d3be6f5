// Two versions of one row filter (or check) compared both ways (docs/access-review.md#diff):
// a world the new one admits and the old refuses makes it wider, the converse narrower. A found
// world is a witness, already replayed on both filters (find-counterexample.ts); "equivalent"
// needs both searches to end without one within their bounds, and anything undecided is
// "unknown". A write rule's part is judged in effect (write-requests.ts): a direction whose
// worlds no request can produce is no widening (narrowing), only noted as unreachable.
import type { BoolExp, PermissionModel, SessionVariableType } from '../../access/permission-model.ts';
import { beyondDecision } from './beyond-decision.ts';
import { findCounterexample, type CounterexampleResult, type Witness } from './find-counterexample.ts';
import type { WriteSearch } from './write-requests.ts';

/**
 * `equivalent-in-effect`: the rule's text widens or narrows, but no request can use the difference
 * today (docs/access-review.md#write-rules-judged-as-a-whole); not a widening for the gate.
 */
export type Verdict =
  'equivalent' | 'equivalent-in-effect' | 'more-permissive' | 'less-permissive' | 'incomparable' | 'unknown';

export interface FilterComparison {
  readonly verdict: Verdict;
  /** A session and rows the new version admits and the old does not. */
  readonly widening: Witness | null;
  /** A session and rows the old version admits and the new does not. */
  readonly narrowing: Witness | null;
  /** Why a direction is undecided. */
  readonly unknown: readonly string[];
  /** Directions the rule's text takes that no request can reach (write rules only). */
  readonly unreachable: { readonly widening: boolean; readonly narrowing: boolean };
}

/** Per direction, the search over what requests can write; null where the admitting version has no rule. */
export interface WriteEffect {
  readonly widening: (() => WriteSearch) | null;
  readonly narrowing: (() => WriteSearch) | null;
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

/** The rule's difference in one direction, then, where it has one, whether a request can reach it. */
function inEffect(
  text: CounterexampleResult,
  search: (() => WriteSearch) | null | undefined,
  types: ReadonlyMap<string, SessionVariableType>,
): CounterexampleResult {
  if (text.kind !== 'found' || !search) return text;
  const { admits, refuses, shown } = search();
  const found = findCounterexample(admits, refuses, types);
  return found.kind === 'found' ? { kind: 'found', witness: shown(found.witness) } : found;
}

export function compareFilters(
  table: string,
  before: FilterVersion,
  after: FilterVersion,
  effect?: WriteEffect,
): FilterComparison {
  const unreachable = { widening: false, narrowing: false };
  if (JSON.stringify(before.filter) === JSON.stringify(after.filter))
    return { verdict: 'equivalent', widening: null, narrowing: null, unknown: [], unreachable };
  const beyond = beyondDecision(before.filter) ?? beyondDecision(after.filter);
  if (beyond) return { verdict: 'unknown', widening: null, narrowing: null, unknown: [beyond, beyond], unreachable };
  const types = sessionTypesOf(before.model, after.model);
  const wideningText = findCounterexample({ ...after, table }, { ...before, table }, types);
  const narrowingText = findCounterexample({ ...before, table }, { ...after, table }, types);
  const widening = inEffect(wideningText, effect?.widening, types);
  const narrowing = inEffect(narrowingText, effect?.narrowing, types);
  const decided = (result: CounterexampleResult) => (result.kind === 'unknown' ? null : result.kind === 'found');
  unreachable.widening = wideningText.kind === 'found' && widening.kind === 'none';
  unreachable.narrowing = narrowingText.kind === 'found' && narrowing.kind === 'none';
  const verdict = verdictOf(decided(widening), decided(narrowing));
  return {
    verdict:
      verdict === 'equivalent' && (unreachable.widening || unreachable.narrowing) ? 'equivalent-in-effect' : verdict,
    widening: widening.kind === 'found' ? widening.witness : null,
    narrowing: narrowing.kind === 'found' ? narrowing.witness : null,
    unknown: [widening, narrowing].flatMap((result) => (result.kind === 'unknown' ? [result.reason] : [])),
    unreachable,
  };
}
