// Where file parts wait while their upload runs (docs/files.md#temporary-files): one folder per
// process, `UPLOAD_DIR/.incoming/<host>.<pid>`, so that a process starting on a shared upload
// directory can tell its own leftovers (this host, a process that is gone) from the live parts of
// another node. At start-up those leftovers are removed, and any part untouched for an hour,
// which no upload can still be using.
import { lstat, readdir, rm, rmdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export interface IncomingParts {
  /** This process's folder of parts. */
  readonly directory: string;
  /** Removes what earlier processes left behind; resolves to how many parts were removed. */
  sweep(): Promise<number>;
  /** Removes this process's folder (after the shutdown's drain, when no request is left). */
  removeOwn(): Promise<void>;
}

/** No upload keeps a part this long: Node's request timeout ends a body after 5 minutes. */
const staleAfterMs = 60 * 60_000;
const partSuffix = '.part';

export function incomingParts(
  uploadDir: string,
  process_: { pid: number; host?: string; isAlive?: (pid: number) => boolean } = { pid: process.pid },
): IncomingParts {
  const root = path.join(uploadDir, '.incoming');
  const host = (process_.host ?? hostname()).replace(/[^A-Za-z0-9_-]/g, '_');
  const isAlive = process_.isAlive ?? processIsAlive;
  const own = `${host}.${process_.pid}`;

  /** A folder of this host whose process is gone, or an earlier process with our pid (a container's pid 1). */
  function isLeftOver(folder: string): boolean {
    const match = /^(.+)\.(\d+)$/.exec(folder);
    if (!match || match[1] !== host) return false;
    const pid = Number(match[2]);
    return pid === process_.pid || !isAlive(pid);
  }

  async function sweepFolder(folder: string, all: boolean): Promise<number> {
    let removed = 0;
    for (const name of await readdir(folder)) {
      if (!name.endsWith(partSuffix)) continue;
      const file = path.join(folder, name);
      if (all || (await isStale(file))) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    // An empty folder of a process that is gone, or untouched for an hour (a node that left).
    if (folder !== root && (all || (await isStale(folder)))) await rmdir(folder).catch(() => {});
    return removed;
  }

  return {
    directory: path.join(root, own),
    async sweep() {
      let entries;
      try {
        entries = await readdir(root, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      // Parts directly in .incoming/ come from versions before the per-process folders.
      let removed = await sweepFolder(root, true);
      for (const entry of entries) {
        if (entry.isDirectory()) removed += await sweepFolder(path.join(root, entry.name), isLeftOver(entry.name));
      }
      return removed;
    },
    removeOwn: () => rm(path.join(root, own), { recursive: true, force: true }),
  };
}

async function isStale(file: string): Promise<boolean> {
  try {
    return Date.now() - (await lstat(file)).mtimeMs > staleAfterMs;
  } catch {
    return false; // gone already: its upload removed it
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
