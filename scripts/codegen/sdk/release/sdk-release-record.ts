// The committed record of the SDK's last release, `sdk/release.json` (docs/sdk.md#versions): its
// version and the git blob ids of the two specs it was generated from, so the texts can be read
// back from git (`git cat-file blob <id>`) to diff against, and any later edit of a spec is seen
// without git (the blob id is a hash of the text). `npm run codegen -- --check` refuses an SDK
// whose specs or package.json version moved away from the record.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const releaseFile = 'sdk/release.json';
export const releasedSpecs = ['openapi.yaml', 'schema.graphql'] as const;
export type ReleasedSpec = (typeof releasedSpecs)[number];

export interface SdkRelease {
  readonly version: string;
  /** Each spec's git blob id as released. */
  readonly specs: Readonly<Record<ReleasedSpec, string>>;
}

/** Git's blob id of a text: sha1 over `blob <length>\0<bytes>`, what `git hash-object` prints. */
export function gitBlobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export function readSdkRelease(root: string): SdkRelease {
  const record = JSON.parse(readFileSync(path.join(root, releaseFile), 'utf8')) as SdkRelease;
  if (typeof record.version !== 'string' || releasedSpecs.some((spec) => typeof record.specs?.[spec] !== 'string'))
    throw new Error(`${releaseFile}: expected {version, specs: {openapi.yaml, schema.graphql}}`);
  return record;
}

export function readSdkPackageVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'sdk/package.json'), 'utf8')) as { version: string }).version;
}

/** The specs' blob ids in the working tree. */
export function currentSpecIds(root: string): Record<ReleasedSpec, string> {
  const ids = {} as Record<ReleasedSpec, string>;
  for (const spec of releasedSpecs) ids[spec] = gitBlobId(readFileSync(path.join(root, spec), 'utf8'));
  return ids;
}

/**
 * Why the SDK does not name its API (null when it does): a spec edited since the recorded
 * release, or sdk/package.json at another version than the record.
 */
export function releaseProblem(
  release: SdkRelease,
  packageVersion: string,
  specIds: Readonly<Record<ReleasedSpec, string>>,
): string | null {
  const edited = releasedSpecs.filter((spec) => specIds[spec] !== release.specs[spec]);
  if (edited.length > 0)
    return `${edited.join(' and ')} changed since SDK release ${release.version} (${releaseFile}); run \`npm run sdk:release\` to version the SDK after the API change`;
  if (packageVersion !== release.version)
    return `sdk/package.json says version ${packageVersion}, ${releaseFile} ${release.version}; run \`npm run sdk:release\` (\`-- --patch\` for an SDK runtime fix) rather than editing the version`;
  return null;
}
