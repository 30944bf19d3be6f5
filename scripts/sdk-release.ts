// `npm run sdk:release [-- --patch]`: versions the SDK after the API changed (docs/sdk.md#versions).
// Diffs the specs of the last release (sdk/release.json: their git blob ids, read back with `git
// cat-file`) with the working tree's by spec:diff's rules, bumps sdk/package.json (breaking:
// major; dangerous or safe: minor; none: unchanged; `--patch`: an SDK runtime fix, refused when
// the API changed), adds the changes to sdk/CHANGELOG.md and records the release, so the commit
// that changes the API carries the version that names it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from '../src/cli/git-file-at.ts';
import { diffSpecs, type SpecVersion } from '../src/spec-review/diff-specs.ts';
import { SpecProblemsError } from '../src/spec-problems/spec-problems-error.ts';
import { changelogEntry, withEntry } from './codegen/sdk/release/sdk-changelog.ts';
import {
  currentSpecIds,
  readSdkRelease,
  releaseFile,
  releasedSpecs,
  type SdkRelease,
} from './codegen/sdk/release/sdk-release-record.ts';
import { bumped, bumpFor } from './codegen/sdk/release/sdk-version.ts';

const root = path.resolve(import.meta.dirname, '..');
const changelogFile = 'sdk/CHANGELOG.md';

function specsOfRelease(release: SdkRelease): SpecVersion {
  const blob = (id: string) => git(root, ['cat-file', 'blob', id]);
  return {
    name: `SDK ${release.version}`,
    openapi: blob(release.specs['openapi.yaml']),
    graphql: blob(release.specs['schema.graphql']),
  };
}

function workingTreeSpecs(): SpecVersion {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  return { name: 'working tree', openapi: read('openapi.yaml'), graphql: read('schema.graphql') };
}

/** The specs' blob ids, the texts written to git's object store so the next release reads them back before any commit. */
function recordedSpecIds(): SdkRelease['specs'] {
  const ids = currentSpecIds(root);
  const stored = git(root, ['hash-object', '-w', '--', ...releasedSpecs])
    .trim()
    .split('\n');
  if (stored.join() !== releasedSpecs.map((spec) => ids[spec]).join())
    throw new Error(
      `git stores the specs under other ids than their texts hash to (${stored.join(', ')}): line-ending filters?`,
    );
  return ids;
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
}

function writeVersion(version: string): void {
  const file = 'sdk/package.json';
  writeJson(file, { ...(JSON.parse(readFileSync(path.join(root, file), 'utf8')) as object), version });
}

async function main(args: readonly string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--patch');
  if (unknown.length > 0) {
    process.stderr.write(
      `error: unknown argument '${unknown.join("', '")}'\nusage: npm run sdk:release [-- --patch]\n`,
    );
    return 2;
  }
  const release = readSdkRelease(root);
  const changes = await diffSpecs(specsOfRelease(release), workingTreeSpecs());
  const patch = args.includes('--patch');
  if (patch && changes.length > 0) {
    process.stderr.write(
      `error: the API changed since ${release.version} (${changes.length} change(s)): run without --patch\n`,
    );
    return 1;
  }
  const bump = patch ? 'patch' : bumpFor(changes);
  const version = bumped(release.version, bump);
  writeVersion(version);
  writeJson(releaseFile, { version, specs: recordedSpecIds() } satisfies SdkRelease);
  if (bump !== 'none') {
    const changelog = readFileSync(path.join(root, changelogFile), 'utf8');
    const note = patch ? 'SDK runtime fixes; no API change.' : undefined;
    writeFileSync(path.join(root, changelogFile), withEntry(changelog, changelogEntry(version, changes, note)));
  }
  const counts = (['breaking', 'dangerous', 'safe'] as const)
    .map((level) => `${changes.filter((change) => change.level === level).length} ${level}`)
    .join(', ');
  process.stdout.write(
    bump === 'none'
      ? `sdk:release: no API change since ${release.version}: the version stays; ${releaseFile} records the specs\n`
      : `sdk:release: ${release.version} -> ${version} (${bump}; ${counts}); see ${changelogFile}\n`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SpecProblemsError)) throw error;
  process.stderr.write(`${error.errors.join('\n')}\n`);
  process.exitCode = 2;
}
