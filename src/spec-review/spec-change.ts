// One change between two versions of a spec (docs/spec-diff.md#classification): which spec, what
// kind, where, how it affects clients, and a fingerprint an allow-list can name. The fingerprint
// hashes the spec, kind and location only, so it is the same on every run and no unrelated edit
// (a line moved, a description rewritten, another operation added) changes it.
import { createHash } from 'node:crypto';

export const specFiles = ['openapi.yaml', 'schema.graphql'] as const;
export type SpecFile = (typeof specFiles)[number];

/** breaking: a client that worked may now fail; dangerous: it may behave differently; safe: it cannot tell. */
export const levels = ['breaking', 'dangerous', 'safe'] as const;
export type Level = (typeof levels)[number];

export interface SpecChange {
  readonly spec: SpecFile;
  readonly kind: string;
  /** Where, in words that do not depend on how the spec is laid out (operation, status, property path). */
  readonly location: string;
  readonly level: Level;
  readonly message: string;
  readonly fingerprint: string;
}

export const fingerprintLength = 12;

export function fingerprint(spec: SpecFile, kind: string, location: string): string {
  return createHash('sha256').update(`${spec}\n${kind}\n${location}`).digest('hex').slice(0, fingerprintLength);
}

export function specChange(
  spec: SpecFile,
  found: { kind: string; location: string; level: Level; message: string },
): SpecChange {
  return { spec, ...found, fingerprint: fingerprint(spec, found.kind, found.location) };
}

const levelOrder: Record<Level, number> = { breaking: 0, dangerous: 1, safe: 2 };

/** Breaking first, then dangerous, then safe; within a level by spec, kind, message and location, so alike changes stand together. */
export function compareChanges(left: SpecChange, right: SpecChange): number {
  return (
    levelOrder[left.level] - levelOrder[right.level] ||
    left.spec.localeCompare(right.spec) ||
    left.kind.localeCompare(right.kind) ||
    left.message.localeCompare(right.message) ||
    left.location.localeCompare(right.location)
  );
}
