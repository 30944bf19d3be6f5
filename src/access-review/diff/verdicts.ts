// How the parts of a changed rule add up to its verdict (docs/access-review.md#diff), shared by the
// table rules and the document rules: equivalent when every part is, more (less) permissive when
// no part narrows (widens), incomparable when parts go both ways, unknown when a part is undecided;
// equivalent in effect when the only differences are ones no request reaches.
import type { Verdict } from './compare-filters.ts';

export interface SetChange {
  readonly gained: readonly string[];
  readonly lost: readonly string[];
}

export interface ValueChange<Value> {
  readonly before: Value;
  readonly after: Value;
}

export function combineVerdicts(verdicts: readonly Verdict[]): Verdict {
  // A difference no request reaches shows only when nothing else differs.
  if (verdicts.every((verdict) => verdict === 'equivalent' || verdict === 'equivalent-in-effect'))
    return verdicts.includes('equivalent-in-effect') ? 'equivalent-in-effect' : 'equivalent';
  const more = verdicts.includes('more-permissive');
  const less = verdicts.includes('less-permissive');
  if (verdicts.includes('incomparable') || (more && less)) return 'incomparable';
  if (verdicts.includes('unknown')) return 'unknown';
  return more ? 'more-permissive' : less ? 'less-permissive' : 'equivalent';
}

/** Whether a verdict may grant something the old version did not. */
export const widens = (verdict: Verdict): boolean =>
  verdict === 'more-permissive' || verdict === 'incomparable' || verdict === 'unknown';
