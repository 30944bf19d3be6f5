// The human-readable spec diff (docs/spec-diff.md#output). Changes of the same level, spec, kind
// and message (one component changed, seen at every operation that uses it) share one heading;
// under it each location with its fingerprint (what an allow-list entry names) and, for a
// breaking change, whether an entry allows it. Then the stale entries and a closing count.
import type { JudgedChange, SpecDiffOutcome } from './judge-spec-diff.ts';

const tags = { breaking: 'BREAKING', dangerous: 'DANGEROUS', safe: 'safe' } as const;

function groups(changes: readonly JudgedChange[]): JudgedChange[][] {
  const found: JudgedChange[][] = [];
  for (const change of changes) {
    const last = found.at(-1)?.[0];
    const same =
      last &&
      last.level === change.level &&
      last.spec === change.spec &&
      last.kind === change.kind &&
      last.message === change.message;
    if (same) found.at(-1)?.push(change);
    else found.push([change]);
  }
  return found;
}

function renderGroup(group: readonly JudgedChange[], allowFile: string): string {
  const [first] = group as [JudgedChange];
  const heading = `${tags[first.level]}  ${first.spec}  ${first.kind}: ${first.message.replaceAll('\n', '\n    ')}`;
  const lines = group.map((change) => {
    const status =
      change.level !== 'breaking'
        ? ''
        : change.allowedBecause === null
          ? `  (fails: not in ${allowFile})`
          : `  (allowed: ${change.allowedBecause})`;
    return `  ${change.fingerprint}  ${change.location}${status}`;
  });
  return [heading, ...lines, ''].join('\n');
}

function describeItem({ item }: SpecDiffOutcome['stale'][number]): string {
  return 'fingerprint' in item
    ? item.fingerprint
    : `${item.spec ? `${item.spec} ` : ''}${item.kind} at ${item.location}`;
}

export function renderSpecDiff(outcome: SpecDiffOutcome, versions: string, allowFile: string): string {
  const lines = [`spec diff ${versions}: openapi.yaml and schema.graphql`, ''];
  if (outcome.changes.length === 0) lines.push('no changes', '');
  for (const group of groups(outcome.changes)) lines.push(renderGroup(group, allowFile));
  for (const stale of outcome.stale)
    lines.push(
      `stale: ${allowFile} entry ${stale.index} (${describeItem(stale)}) matches no breaking change; remove it`,
    );
  if (outcome.stale.length > 0) lines.push('');
  const { breaking, dangerous, safe } = outcome.counts;
  lines.push(`${breaking} breaking (${outcome.unallowed} not allowed), ${dangerous} dangerous, ${safe} safe.`);
  return `${lines.join('\n')}\n`;
}
