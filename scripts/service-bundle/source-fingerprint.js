// The service bundle's freshness key (docs/service.md#start-up): a hash of the name, size
// and modification time of every file the bundle is built from (src/, generated/, this folder),
// of the package manifests (npm rewrites node_modules/.package-lock.json on every install) and
// of the Node version. Stat calls only, no file is read, so `npm start` can afford it on every
// start. Plain JavaScript, as everything `npm start` loads before the bundle: type stripping
// costs its first .ts file about 100 ms (docs/benchmarks.md#start-up-benchstart-up-benchts).
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders whose every file may go into the bundle; the build refuses an input outside them. */
export const bundledSourceFolders = ['src', 'generated', 'scripts/service-bundle'];

/** Files that say which packages (and so which package code) the bundle holds. */
const packageFiles = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

/**
 * @param {string} repo the checkout's root
 * @returns {string} 16 hex digits
 */
export function sourceFingerprint(repo) {
  const hash = createHash('sha256').update(`${process.version}\n`);
  /** @param {string} relative */
  const add = (relative) => {
    const stats = statSync(path.join(repo, relative), { throwIfNoEntry: false });
    hash.update(stats ? `${relative} ${stats.size} ${stats.mtimeMs}\n` : `${relative} absent\n`);
  };
  for (const file of packageFiles) add(file);
  for (const folder of bundledSourceFolders) {
    const files = readdirSync(path.join(repo, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(repo, path.join(entry.parentPath, entry.name)))
      .sort();
    for (const file of files) add(file);
  }
  return hash.digest('hex').slice(0, 16);
}
