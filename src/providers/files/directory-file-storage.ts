// The default file storage (docs/files.md#storage): one directory (UPLOAD_DIR, `DATA_DIR/uploads`),
// one file per stored name. It is the FileStorage the upload and document services drive
// (src/domain/files/file-storage.ts), wired in by src/service. Which names are stored names is the
// domain's rule (src/domain/files/stored-file-name.ts), handed in as `isStoredName`; every name is
// checked against it here as well (defence in depth: a caller's bug can never turn into a path
// outside the directory).
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export function createDirectoryFileStorage(directory: string, isStoredName: (name: string) => boolean) {
  const root = path.resolve(directory);
  let created: Promise<unknown> | undefined;
  const ensureDirectory = () =>
    (created ??= mkdir(root, { recursive: true, mode: 0o750 }).catch((error: unknown) => {
      // Tried again next time: an operator may fix the directory while the service runs.
      created = undefined;
      throw error;
    }));

  function pathOf(name: string): string {
    if (!isStoredName(name)) throw new Error(`refusing '${name}' as a stored file name`);
    return path.join(root, name);
  }

  return {
    async put(name: string, sourcePath: string): Promise<void> {
      const target = pathOf(name);
      await ensureDirectory();
      try {
        // A hard link copies nothing, never replaces an existing file (EEXIST) and is atomic:
        // a reader sees either nothing or the whole file.
        await link(sourcePath, target);
      } catch (error) {
        if (!isLinkUnsupported(error)) throw error;
        // Another file system (EXDEV) or one without hard links: copy, never over a file.
        try {
          await copyFile(sourcePath, target, constants.COPYFILE_EXCL);
        } catch (copyError) {
          if (errorCode(copyError) !== 'EEXIST') await rm(target, { force: true });
          throw copyError;
        }
      }
    },
    async open(name: string): Promise<{ stream: Readable; size: number } | null> {
      let handle;
      try {
        handle = await open(pathOf(name), 'r');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream({ autoClose: true }), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(name: string): Promise<void> {
      await rm(pathOf(name), { force: true });
    },
    async exists(name: string): Promise<boolean> {
      try {
        return (await stat(pathOf(name))).isFile();
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return false;
        throw error;
      }
    },
  };
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function isLinkUnsupported(error: unknown): boolean {
  return ['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK'].includes(errorCode(error) ?? '');
}
