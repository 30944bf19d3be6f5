// The one I/O shell around the pure generators (docs/code-generation.md). `npm run
// codegen` writes generated/ and the SDK's generated folders (deleting files no generator
// produced); `-- --check` writes nothing and fails, listing stale files and naming their folders,
// when anything differs, and when the SDK's version does not name the API (sdk/release.json,
// docs/sdk.md#versions).
import path from 'node:path';
import { SpecProblemsError } from '../src/spec-problems/spec-problems-error.ts';
import { compareWithDisk, writeDifference } from './codegen/compare-with-disk.ts';
import { runGenerators } from './codegen/run-generators.ts';
import { specFiles } from './codegen/validate-specs.ts';
import {
  currentSpecIds,
  readSdkPackageVersion,
  readSdkRelease,
  releaseProblem,
} from './codegen/sdk/release/sdk-release-record.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
// --root lets a test run codegen over a copy of the sources.
const rootIndex = args.indexOf('--root');
const rootArgument = rootIndex >= 0 ? args[rootIndex + 1] : undefined;
const root = rootArgument ? path.resolve(rootArgument) : path.resolve(import.meta.dirname, '..');

const started = performance.now();
const files = await runGenerators(root).catch((error: unknown) => {
  // Problems of the specs, the migrations or the SDK's runtime are `file:line:col: message` lines
  // (src/spec-problems): print those for their author, not a stack trace.
  if (error instanceof SpecProblemsError) {
    const specs: readonly string[] = Object.values(specFiles);
    const where = error.problems.every((problem) => specs.includes(problem.file)) ? 'the specs' : error.where;
    console.error(
      `codegen: ${error.errors.length} problem(s) in ${where}; nothing was generated\n${error.errors.join('\n')}`,
    );
    process.exit(1);
  }
  throw error;
});
const produced = new Set(files.map((file) => file.path));
// Folders only generators write (docs/sdk.md#layout: the SDK's hand-written runtime is beside them).
const generatedFolders = ['generated', 'sdk/src/generated', 'sdk/dist', 'sdk/data-layer'];
const difference = compareWithDisk(root, files, generatedFolders);
const { stale, orphans } = difference;

// Generating cannot fix it (`npm run sdk:release` does): a failure of --check, a notice otherwise.
const sdkVersionProblem = releaseProblem(readSdkRelease(root), readSdkPackageVersion(root), currentSpecIds(root));
if (sdkVersionProblem !== null) console.error(`sdk version: ${sdkVersionProblem}`);

if (check) {
  if (sdkVersionProblem !== null && stale.length === 0 && orphans.length === 0) process.exit(1);
  if (stale.length > 0 || orphans.length > 0) {
    for (const file of stale) console.error(`stale: ${file}`);
    for (const file of orphans) console.error(`not produced by any generator: ${file}`);
    // The folder each file belongs to, so the summary says where to look, not only generated/.
    const folderOf = (file: string) =>
      generatedFolders.find((folder) => file.startsWith(`${folder}/`)) ?? path.posix.dirname(file);
    const folders = new Set([...stale, ...orphans].map(folderOf));
    const outOfDate = [
      ...generatedFolders.filter((folder) => folders.has(folder)),
      ...[...folders].filter((folder) => !generatedFolders.includes(folder)).sort(),
    ];
    console.error(
      `out of date: ${stale.length + orphans.length} generated files in ${outOfDate.map((folder) => `${folder}/`).join(', ')}; run \`npm run codegen\``,
    );
    process.exit(1);
  }
  console.log(
    `up to date: ${produced.size} generated files in ${generatedFolders.map((folder) => `${folder}/`).join(', ')}`,
  );
} else {
  writeDifference(root, files, difference);
  console.log(
    `codegen: ${stale.length} written, ${orphans.length} removed, ${produced.size} files in ${Math.round(performance.now() - started)} ms`,
  );
}
