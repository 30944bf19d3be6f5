// `access lint` as text (docs/access-review.md#lint): findings not in the allow-list first (they
// fail the run), stale allow-list subjects, then a one-line count; --as-json prints the
// LintOutcome instead. Allowed findings are listed with --verbose only, as they are known.
import { findingKey } from './lint-finding.ts';
import { lintPassed, type LintOutcome } from './lint-outcome.ts';

export function renderLintOutcome(outcome: LintOutcome, verbose: boolean): string {
  const lines: string[] = [];
  for (const finding of outcome.notAllowed)
    lines.push(`${findingKey(finding.rule, finding.subject)}: ${finding.message}`);
  for (const stale of outcome.stale)
    lines.push(`stale allow entry ${stale.entry}: ${stale.key} matches no finding (remove it from the allow-list)`);
  if (verbose)
    for (const finding of outcome.allowed)
      lines.push(`allowed: ${findingKey(finding.rule, finding.subject)} (${finding.reason})`);
  const total = outcome.allowed.length + outcome.notAllowed.length;
  lines.push(
    `${lintPassed(outcome) ? 'ok' : 'failed'}: ${total} finding(s), ${outcome.allowed.length} allowed, ${outcome.notAllowed.length} not allowed, ${outcome.stale.length} stale allow entr${outcome.stale.length === 1 ? 'y' : 'ies'}`,
  );
  return `${lines.join('\n')}\n`;
}
