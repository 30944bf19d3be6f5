// One process per embedded data directory (docs/database.md#embedded-postgresql): a second
// `npm start` on the same DATA_DIR would otherwise race the first for the PostgreSQL cluster.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './process-alive.ts';

export interface DataDirLock {
  release(): void;
}

/** The data directory is locked by another live process; the admin CLI then joins its database. */
export class DataDirInUseError extends Error {
  readonly holderPid: number;
  constructor(dataDir: string, holderPid: number) {
    super(`data directory ${dataDir} is in use by process ${holderPid}; stop it, or set DATA_DIR or DATABASE_URL`);
    this.name = 'DataDirInUseError';
    this.holderPid = holderPid;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => releaseIfOwned(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder !== process.pid && isProcessAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`);
}

function releaseIfOwned(file: string): void {
  try {
    if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
