// The database of an admin command (docs/identity.md "API keys"): the service's own choice
// (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR), except that while a running
// service holds DATA_DIR, the command uses that service's embedded server, found through the
// address it published beside its lock, instead of failing on the lock.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { readEmbeddedPostgresAddress } from '../db/embedded-postgres-address.ts';
import { embeddedPostgresUrl } from '../db/embedded-postgres.ts';
import { type ResolvedDatabase, resolveDatabase } from '../composition/resolve-database.ts';

export async function resolveAdminDatabase(
  config: Config,
  embeddedPassword: string,
  logger: Logger,
): Promise<ResolvedDatabase> {
  try {
    return await resolveDatabase(config, embeddedPassword, logger);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const address = readEmbeddedPostgresAddress(config.dataDir);
    // Only the lock holder's own record counts: any other is left over from an earlier run.
    if (address?.pid !== error.holderPid) {
      throw new Error(
        `data directory ${config.dataDir} is in use by process ${error.holderPid}, which has not started its embedded PostgreSQL yet; try again in a moment`,
        { cause: error },
      );
    }
    logger.info(
      { dataDir: config.dataDir, pid: address.pid, port: address.port },
      'using the embedded PostgreSQL of the running service',
    );
    // Not ours to stop: the service keeps running.
    return { url: embeddedPostgresUrl(embeddedPassword, address.port), embedded: true, stop: async () => {} };
  }
}
