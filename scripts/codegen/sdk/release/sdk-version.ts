// The SDK's next version from the API changes since its last release (docs/sdk.md#versions):
// a breaking change is a major version, a dangerous or safe one a minor version, no change keeps
// the version. Patch versions are for SDK runtime fixes and asked for by hand.
import type { SpecChange } from '../../../../src/spec-review/spec-change.ts';

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export function bumpFor(changes: readonly SpecChange[]): Bump {
  if (changes.some((change) => change.level === 'breaking')) return 'major';
  return changes.length > 0 ? 'minor' : 'none';
}

export function bumped(version: string, bump: Bump): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`'${version}' is not a major.minor.patch version`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}
