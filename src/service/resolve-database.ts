// DATABASE_URL → that server; otherwise the embedded PostgreSQL in DATA_DIR, behind a lock
// so two processes cannot share it, its port published beside the lock for the admin CLI
// (docs/database.md#embedded-postgresql).
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { publishEmbeddedPostgres } from '../db/embedded-postgres-address.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function resolveDatabase(
  config: Config,
  embeddedPassword: string,
  logger: Logger,
): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const lock = lockDataDir(config.dataDir);
  try {
    const started = performance.now();
    const postgres = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      password: embeddedPassword,
      port: config.embeddedPostgresPort,
      onLog: (message) => logger.trace({ component: 'embedded-postgres' }, message.trim()),
    });
    let address: ReturnType<typeof publishEmbeddedPostgres>;
    try {
      address = publishEmbeddedPostgres(config.dataDir, postgres.port);
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    logger.info(
      { dataDir: config.dataDir, ms: Math.round(performance.now() - started) },
      'embedded PostgreSQL started',
    );
    return {
      url: postgres.url,
      embedded: true,
      stop: async () => {
        try {
          address.withdraw();
          await postgres.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
