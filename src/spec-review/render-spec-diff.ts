// The human-readable spec diff (docs/spec-diff.md#output): one block per change, breaking first,
// each with its fingerprint (what an allow-list entry names) and, for a breaking change, whether
// an entry allows it; then the stale entries and a closing count.
import type { JudgedChange, SpecDiffOutcome } from './judge-spec-diff.ts';

const tags = { breaking: 'BREAKING ', dangerous: 'DANGEROUS', safe: 'safe     ' } as const;

function renderChange(change: JudgedChange, allowFile: string): string {
  const status =
    change.level !== 'breaking'
      ? ''
      : change.allowedBecause === null
        ? `\n            not in ${allowFile}: fails`
        : `\n            allowed: ${change.allowedBecause}`;
  return `${tags[change.level]} ${change.fingerprint}  ${change.spec}  ${change.kind}\n            ${change.location}\n            ${change.message}${status}\n`;
}

function describeEntry(entry: SpecDiffOutcome['stale'][number]): string {
  return entry.fingerprint ?? `${entry.spec ? `${entry.spec} ` : ''}${entry.kind} at ${entry.location}`;
}

export function renderSpecDiff(outcome: SpecDiffOutcome, versions: string, allowFile: string): string {
  const lines = [`spec diff ${versions}: openapi.yaml and schema.graphql`, ''];
  if (outcome.changes.length === 0) lines.push('no changes', '');
  for (const change of outcome.changes) lines.push(renderChange(change, allowFile));
  for (const entry of outcome.stale)
    lines.push(
      `stale: ${allowFile} entry ${entry.index} (${describeEntry(entry)}) matches no breaking change; remove it`,
    );
  if (outcome.stale.length > 0) lines.push('');
  const { breaking, dangerous, safe } = outcome.counts;
  lines.push(`${breaking} breaking (${outcome.unallowed} not allowed), ${dangerous} dangerous, ${safe} safe.`);
  return `${lines.join('\n')}\n`;
}
