// An entry of sdk/CHANGELOG.md for one SDK release (docs/sdk.md#versions): the version, then the
// API changes spec:diff found since the last release, by level, each with its spec, kind,
// location and message, as `npm run spec:diff` words them (docs/spec-diff.md#classification).
import type { Level, SpecChange } from '../../../../src/spec-review/spec-change.ts';

const headings: Record<Level, string> = {
  breaking: 'Breaking (a client that worked may now fail)',
  dangerous: 'Dangerous (a client keeps working but may behave differently)',
  safe: 'Added (a client cannot tell)',
};

function changeLine(change: SpecChange): string {
  return `- \`${change.location}\` (${change.spec}, \`${change.kind}\`): ${change.message}`;
}

export function changelogEntry(version: string, changes: readonly SpecChange[], note?: string): string {
  const sections = (['breaking', 'dangerous', 'safe'] as const).flatMap((level) => {
    const ofLevel = changes.filter((change) => change.level === level);
    return ofLevel.length === 0 ? [] : [`### ${headings[level]}\n\n${ofLevel.map(changeLine).join('\n')}\n`];
  });
  return [`## ${version}\n`, ...(note ? [`${note}\n`] : []), ...sections].join('\n');
}

/** The changelog with `entry` as its newest release: before the first entry, after the title and its words. */
export function withEntry(changelog: string, entry: string): string {
  const first = changelog.indexOf('\n## ');
  if (first < 0) return `${changelog.trimEnd()}\n\n${entry}`;
  return `${changelog.slice(0, first + 1)}${entry}\n${changelog.slice(first + 1)}`;
}
