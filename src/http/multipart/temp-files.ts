// The temporary files of one multipart request. The parser asks for a write stream per file
// part; every stream handed out is tracked so that removeAll() deletes each file after the
// request, whatever happened: success, a limit, malformed input or an aborted client. The
// parser can still begin a part after it failed (formidable opens the part that broke the file
// limit), so once removal has started, new parts get a stream that writes nowhere.
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Writable } from 'node:stream';

export interface TempFiles {
  /** A new temporary file for the next part; `key` identifies the part later. */
  create(key: object): Writable;
  /** The path and arrival index of the file created for `key`. */
  find(key: object): { path: string; index: number } | undefined;
  removeAll(): Promise<void>;
}

/** Creates `directory` if needed; temporary names are random and never come from a client. */
export async function createTempFiles(directory: string): Promise<TempFiles> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const created = new Map<object, { path: string; index: number; stream: WriteStream }>();
  let closed = false;

  return {
    create(key) {
      if (closed) return new Writable({ write: (_chunk, _encoding, done) => done() });
      const file = path.join(directory, `${randomUUID()}.part`);
      const stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      created.set(key, { path: file, index: created.size, stream });
      return stream;
    },
    find(key) {
      const entry = created.get(key);
      return entry && { path: entry.path, index: entry.index };
    },
    async removeAll() {
      closed = true;
      await Promise.all(
        [...created.values()].map(async ({ path: file, stream }) => {
          // The file may still be opening or open: close it first, or it could reappear.
          if (!stream.closed) {
            const closing = once(stream, 'close').catch(() => undefined);
            stream.destroy();
            await closing;
          }
          await rm(file, { force: true });
        }),
      );
      created.clear();
    },
  };
}
