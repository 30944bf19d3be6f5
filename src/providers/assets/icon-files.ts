// The icon packages' files on disk (docs/assets.md#sources): a package folder listed once, and one
// icon file read. The catalog (src/domain/assets/asset-catalog.ts) decides which names a folder
// answers to; only this module touches the file system.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Regular files only (no symlinks, which could point outside the package), keyed by lowercase name. */
export function listSvgFiles(folder: string, namePattern: RegExp): Map<string, string> {
  const index = new Map<string, string>();
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.svg')) continue;
    const name = entry.name.slice(0, -'.svg'.length);
    if (namePattern.test(name)) index.set(name, path.join(folder, entry.name));
  }
  if (index.size === 0) throw new Error(`no icons found in ${folder}`);
  return index;
}

/** The bytes of one icon file the catalog named. */
export function readIconFile(file: string): Promise<Buffer> {
  return readFile(file);
}
