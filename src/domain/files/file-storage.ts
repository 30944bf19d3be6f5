// Where the bytes of uploaded files live (docs/files.md#storage), behind an interface so that an
// object store can replace the directory later. Metadata stays in PostgreSQL (file_upload); a
// storage only maps stored names (stored-file-name.ts) to bytes.
import type { Readable } from 'node:stream';

export interface StoredFileContent {
  readonly stream: Readable;
  readonly size: number;
}

export interface FileStorage {
  /**
   * Stores the bytes of the local file at `sourcePath` under `name`; the source stays the
   * caller's to remove. Refuses to replace a file already stored under `name`, and leaves
   * nothing under `name` when it fails for any other reason.
   */
  put(name: string, sourcePath: string): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under `name`. */
  open(name: string): Promise<StoredFileContent | null>;
  /** Removes `name`; removing what is not there is not an error. */
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}
