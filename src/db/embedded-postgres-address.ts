// DATA_DIR/embedded-postgres.json: the port of the embedded PostgreSQL a running process
// started, next to its service.lock, so the admin CLI can use that server while the service
// holds the lock instead of refusing (docs/identity.md "API keys"). No password: that stays
// in secrets.json.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './process-alive.ts';

export interface EmbeddedPostgresAddress {
  /** The process that started the server and holds the data-directory lock. */
  pid: number;
  /** TCP port on 127.0.0.1. */
  port: number;
}

const fileName = 'embedded-postgres.json';

/** Records this process's server; `withdraw()` removes the record if it is still this process's. */
export function publishEmbeddedPostgres(dataDir: string, port: number): { withdraw(): void } {
  const file = path.join(dataDir, fileName);
  const temporary = `${file}.${process.pid}.tmp`;
  // Written whole, then renamed: a reader never sees half a record.
  writeFileSync(temporary, `${JSON.stringify({ pid: process.pid, port } satisfies EmbeddedPostgresAddress)}\n`, {
    mode: 0o600,
  });
  renameSync(temporary, file);
  return {
    withdraw: () => {
      if (readEmbeddedPostgresAddress(dataDir)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

/** The recorded server, when the record is well formed and its process is alive. */
export function readEmbeddedPostgresAddress(dataDir: string): EmbeddedPostgresAddress | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(dataDir, fileName), 'utf8'));
  } catch {
    return undefined;
  }
  const { pid, port } = (parsed ?? {}) as Partial<EmbeddedPostgresAddress>;
  if (!Number.isInteger(port) || (port as number) <= 0 || (port as number) > 65535) return undefined;
  if (!isProcessAlive(pid as number)) return undefined;
  return { pid: pid as number, port: port as number };
}
