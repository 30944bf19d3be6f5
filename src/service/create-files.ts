// The files area (docs/files.md): uploads into UPLOAD_DIR, their rows, and serving them.
import path from 'node:path';
import { createFileUploadStore } from '../access/files/file-upload-store.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { createDirectoryFileStorage } from '../domain/files/directory-file-storage.ts';
import { createUploadService } from '../domain/files/upload-service.ts';
import { fileHandlers } from '../http/handlers/file-handlers.ts';

export function createFiles(deps: { config: Config; db: Db }) {
  const { uploadDir } = deps.config;
  return {
    handlers: fileHandlers(
      createUploadService({ storage: createDirectoryFileStorage(uploadDir), store: createFileUploadStore(deps.db) }),
    ),
    // Next to the stored files, so storing one is a hard link rather than a copy (docs/files.md).
    multipartTempDir: path.join(uploadDir, '.incoming'),
  };
}
