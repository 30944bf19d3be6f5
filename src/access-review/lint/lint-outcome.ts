// The findings of a lint run held against the allow-list: which are allowed (and by which
// entry), which are not, and which allow-list subjects match nothing (stale). `access lint`
// fails when either of the last two is non-empty (docs/access-review.md#lint).
import { sameSubject, type AllowEntry } from './allow-list.ts';
import { findingKey, type FindingSubject, type LintFinding } from './lint-finding.ts';

export interface AllowedFinding extends LintFinding {
  readonly reason: string;
}

export interface StaleAllowance {
  readonly entry: number;
  readonly key: string;
}

export interface LintOutcome {
  readonly allowed: readonly AllowedFinding[];
  readonly notAllowed: readonly LintFinding[];
  readonly stale: readonly StaleAllowance[];
}

function covers(entry: AllowEntry, finding: LintFinding): boolean {
  return entry.rule === finding.rule && entry.subjects.some((subject) => sameSubject(subject, finding.subject));
}

export function judgeFindings(findings: readonly LintFinding[], entries: readonly AllowEntry[]): LintOutcome {
  const allowed: AllowedFinding[] = [];
  const notAllowed: LintFinding[] = [];
  for (const finding of findings) {
    const entry = entries.find((candidate) => covers(candidate, finding));
    if (entry) allowed.push({ ...finding, reason: entry.reason });
    else notAllowed.push(finding);
  }
  const stale = entries.flatMap((entry) =>
    entry.subjects
      .filter(
        (subject: FindingSubject) =>
          !findings.some((finding) => finding.rule === entry.rule && sameSubject(subject, finding.subject)),
      )
      .map((subject) => ({ entry: entry.index, key: findingKey(entry.rule, subject) })),
  );
  return { allowed, notAllowed, stale };
}

export function lintPassed(outcome: LintOutcome): boolean {
  return outcome.notAllowed.length === 0 && outcome.stale.length === 0;
}
