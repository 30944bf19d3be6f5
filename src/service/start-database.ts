// The database of the composition root: the configured server or the embedded one
// (resolve-database.ts), a Kysely pool on it, every migration applied, then the demo data
// when wanted (docs/demo-data.md), and a listener for its notifications. Stopping it is
// registered before anything else can fail.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Metrics } from '../observability/metrics.ts';
import { createDatabase, type Db, poolCounts } from '../db/create-database.ts';
import { createDatabaseNotifications, type DatabaseNotifications } from '../db/database-notifications.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/demo-seed.ts';
import { shouldSeedDemoData } from '../db/seed/should-seed-demo-data.ts';
import { resolveDatabase } from './resolve-database.ts';
import type { ShutdownSteps } from './shutdown-steps.ts';

export async function startDatabase(options: {
  config: Config;
  embeddedPassword: string;
  logger: Logger;
  shutdown: ShutdownSteps;
  metrics: Metrics;
}): Promise<{ db: Db; notifications: DatabaseNotifications }> {
  const { config, logger } = options;
  const database = await resolveDatabase(config, options.embeddedPassword, logger);
  const { db, pool } = createDatabase({ url: database.url });
  options.metrics.watchDatabasePool(() => poolCounts(pool));
  // The pool closes before the server it talks to stops.
  // LISTEN needs a connection of its own, outside the pool (docs/identity.md#api-key-verification).
  const notifications = createDatabaseNotifications({ url: database.url });
  options.shutdown.add(notifications.close, async () => db.destroy(), database.stop);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  if (shouldSeedDemoData(config.seed, database.embedded)) {
    const { seeded } = await seedDemoData(db);
    if (seeded) logger.info('demo data loaded into the empty database');
  }
  return { db, notifications };
}
