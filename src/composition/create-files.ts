// The files area (docs/files.md): uploads into UPLOAD_DIR, their rows, and serving them. At
// start it removes the parts earlier processes left in the folder of in-flight parts; at
// shutdown, after the drain, its own folder.
import type { Logger } from 'pino';
import { createFileUploadTable } from '../records/files/file-upload-table.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { incomingParts } from '../providers/files/incoming-parts.ts';
import { isStoredFileName } from '../domain/files/stored-file-name.ts';
import { createUploadService } from '../domain/files/upload-service.ts';
import { fileHandlers } from '../http/handlers/file-handlers.ts';
import { createDirectoryFileStorage } from '../providers/files/directory-file-storage.ts';

export async function createFiles(deps: { config: Config; db: Db; logger: Logger }) {
  const { uploadDir } = deps.config;
  // Next to the stored files, so storing one is a hard link rather than a copy (docs/files.md).
  const parts = incomingParts(uploadDir);
  await sweep(parts.sweep, deps.logger);
  const storage = createDirectoryFileStorage(uploadDir, isStoredFileName);
  return {
    handlers: fileHandlers(createUploadService({ storage, store: createFileUploadTable(deps.db) })),
    multipartTempDir: parts.directory,
    closers: [parts.removeOwn],
  };
}

/** A storage that cannot be swept must not stop the start: uploads answer 503 until it is fixed. */
async function sweep(run: () => Promise<number>, logger: Logger): Promise<void> {
  try {
    const removed = await run();
    if (removed > 0) logger.info({ removed }, 'removed upload parts left by earlier processes');
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    logger.warn({ code, path }, 'upload directory cannot be swept: uploads will fail until it is writable');
  }
}
