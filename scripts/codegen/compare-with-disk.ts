// Generated files against the checkout (docs/code-generation.md#the-pipeline): which differ from
// the disk, which files in a generator's folders no generator produced, and writing the
// difference. Shared by `npm run codegen` (scripts/codegen.ts) and `npm run dev` (scripts/dev/).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './shared/generated-file.ts';

export interface DiskComparison {
  /** Produced, and absent or different on disk. */
  readonly stale: string[];
  /** On disk in one of the folders, and produced by no generator of the run. */
  readonly orphans: string[];
}

export function compareWithDisk(
  root: string,
  files: readonly GeneratedFile[],
  folders: readonly string[],
): DiskComparison {
  const produced = new Set(files.map((file) => file.path));
  const stale = files.filter((file) => readOrNull(root, file.path) !== file.contents).map((file) => file.path);
  const orphans = folders.flatMap((folder) => listFiles(root, folder)).filter((file) => !produced.has(file));
  return { stale, orphans };
}

/** Writes the stale files and removes the orphans. */
export function writeDifference(root: string, files: readonly GeneratedFile[], difference: DiskComparison): void {
  const contents = new Map(files.map((file) => [file.path, file.contents]));
  for (const file of difference.stale) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents.get(file) ?? '');
  }
  for (const file of difference.orphans) rmSync(path.join(root, file));
}

function listFiles(root: string, dir: string): string[] {
  try {
    return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

function readOrNull(root: string, file: string): string | null {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
}
