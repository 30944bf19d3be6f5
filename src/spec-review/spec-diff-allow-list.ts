// The allow-list of intended breaking changes (spec-diff-allow.yaml at the repository root;
// docs/spec-diff.md#the-allow-list). Each entry names changes by fingerprint, or by kind and
// location (with `spec` when both specs could have it), one value or a list, and says why in
// `reason`. Nothing is a pattern, so an entry never excuses a break it was not written for. A
// fingerprint or location that matches no breaking change is stale: printed, not failed, since
// the break it excused is the previous commit's once the next one lands (remove it then).
import { ChangeType } from '@graphql-inspector/core';
import { AllowListError, entryNames, failEntry, parseAllowEntries } from '../allow-lists/allow-list-file.ts';
import { openApiKinds } from './openapi/openapi-change-kinds.ts';
import { fingerprintLength, specFiles, type SpecChange, type SpecFile } from './spec-change.ts';
import { specProblem } from '../spec-problems/spec-problem.ts';
import { SpecProblemsError } from '../spec-problems/spec-problems-error.ts';

/** One change an entry names: by fingerprint, or by kind and location (and spec, when given). */
export type AllowItem =
  | { readonly fingerprint: string }
  | { readonly kind: string; readonly location: string; readonly spec: SpecFile | null };

export interface SpecAllowEntry {
  readonly index: number;
  readonly reason: string;
  /** A list of fingerprints or of locations stands for one item each (one reason for a change seen at several places). */
  readonly items: readonly AllowItem[];
}

const fields = ['fingerprint', 'kind', 'location', 'spec', 'reason'] as const;
const knownKinds = new Set<string>([...Object.keys(openApiKinds), ...Object.values(ChangeType)]);
const fingerprintPattern = new RegExp(`^[0-9a-f]{${fingerprintLength}}$`);

const optionalText = (file: string, index: number, entry: Record<string, unknown>, key: string): string | null => {
  const value = entry[key];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.trim().length === 0)
    failEntry(file, index, `'${key}' must be a non-empty string`);
  return value;
};

function parseEntry(file: string, index: number, raw: unknown): SpecAllowEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) failEntry(file, index, 'must be a mapping');
  const entry = raw as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !(fields as readonly string[]).includes(key));
  if (unknown !== undefined) failEntry(file, index, `unknown field '${unknown}' (fields: ${fields.join(', ')})`);
  const reason = optionalText(file, index, entry, 'reason');
  if (reason === null) failEntry(file, index, 'needs a reason (why the break is intended)');
  const has = (key: string) => entry[key] !== undefined;
  if (has('fingerprint') && (has('kind') || has('location') || has('spec')))
    failEntry(file, index, 'names a change by fingerprint or by kind and location, not both');
  if (!has('fingerprint') && !(has('kind') && has('location')))
    failEntry(file, index, "needs 'fingerprint', or 'kind' and 'location'");
  if (has('fingerprint')) {
    const fingerprints = entryNames(file, index, 'fingerprint', entry.fingerprint);
    const wrong = fingerprints.find((fingerprint) => !fingerprintPattern.test(fingerprint));
    if (wrong !== undefined)
      failEntry(file, index, `fingerprint '${wrong}' is not ${fingerprintLength} lowercase hex digits`);
    return { index, reason, items: fingerprints.map((fingerprint) => ({ fingerprint })) };
  }
  const kind = optionalText(file, index, entry, 'kind') as string;
  const spec = optionalText(file, index, entry, 'spec');
  if (!knownKinds.has(kind)) failEntry(file, index, `unknown kind '${kind}' (see docs/spec-diff.md#classification)`);
  if (spec !== null && !(specFiles as readonly string[]).includes(spec))
    failEntry(file, index, `unknown spec '${spec}' (specs: ${specFiles.join(', ')})`);
  const locations = entryNames(file, index, 'location', entry.location);
  return { index, reason, items: locations.map((location) => ({ kind, location, spec: spec as SpecFile | null })) };
}

/**
 * Parses the allow-list text; `file` names it in messages. Throws SpecProblemsError when malformed:
 * the problem at its place, printed as `npm run spec:diff` prints a spec's (docs/spec-diff.md#exit-codes).
 */
export function parseSpecAllowList(text: string, file: string): SpecAllowEntry[] {
  try {
    return parseAllowEntries(text, file, parseEntry);
  } catch (error) {
    if (!(error instanceof AllowListError)) throw error;
    const [, at = file, line = '1', col = '1'] = /^(.*):(\d+):(\d+)$/.exec(error.place) ?? [];
    throw new SpecProblemsError([specProblem(at, Number(line), Number(col), error.problem)], file);
  }
}

export function allows(item: AllowItem, change: SpecChange): boolean {
  if ('fingerprint' in item) return item.fingerprint === change.fingerprint;
  return (
    item.kind === change.kind && item.location === change.location && (item.spec === null || item.spec === change.spec)
  );
}
