// The service bundle for the sources as they are now (docs/service.md#start-up): each build
// lives in .build/service-<fingerprint>/, so a bundle whose folder exists is fresh by
// construction, and a change to any source, package or the Node version names another folder,
// which is then built. A build writes to a folder of its own and is renamed into place, so two
// starts at once never load a half-written bundle. Plain JavaScript: see source-fingerprint.js.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundledSourceFolders, sourceFingerprint } from './source-fingerprint.js';

/** Older bundles kept beside the newest: a service still running from one loads chunks lazily. */
const keptOlderBundles = 2;

/**
 * @param {string} repo the checkout's root
 * @returns {Promise<{ main: string, built: boolean }>} the bundle's entry module, and whether this call built it
 */
export async function freshServiceBundle(repo) {
  const buildRoot = path.join(repo, '.build');
  const folder = path.join(buildRoot, `service-${sourceFingerprint(repo)}`);
  const main = path.join(folder, 'main.js');
  if (existsSync(main)) return { main, built: false };
  const { buildServiceBundle } = await import('./build-service-bundle.ts');
  // Beside its final place: the bundle finds our files by paths relative to its folder's depth.
  const partial = `${folder}.partial-${process.pid}`;
  mkdirSync(buildRoot, { recursive: true });
  try {
    await buildServiceBundle(repo, partial, bundledSourceFolders);
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another start built the same sources first: its bundle is as good.
      if (!existsSync(main)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  pruneOlderBundles(buildRoot, folder);
  return { main, built: true };
}

/**
 * @param {string} buildRoot
 * @param {string} current
 */
function pruneOlderBundles(buildRoot, current) {
  const older = readdirSync(buildRoot)
    .filter((name) => /^service-[0-9a-f]+$/.test(name))
    .map((name) => path.join(buildRoot, name))
    .filter((folder) => folder !== current)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const folder of older.slice(keptOlderBundles)) rmSync(folder, { recursive: true, force: true });
}
