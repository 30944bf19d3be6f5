// The database of the composition root, once the configured server or the embedded one is
// resolved (resolve-database.ts, started by start-service.ts): every migration applied, the demo data loaded when wanted
// (docs/demo-data.md) and the custody transfers the journal is behind on carried into it
// (docs/ledger.md#custody-transfers) over a pool of their own without timeouts, then the service's pool, whose
// statements are bounded and guarded, with the outage log (docs/database.md#database-faults),
// and a listener for the database's notifications.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Metrics } from '../observability/metrics.ts';
import { createDatabase, type Db, poolCounts } from '../db/create-database.ts';
import { databaseFaultOf } from '../db/database-faults.ts';
import { createDatabaseNotifications, type DatabaseNotifications } from '../db/database-notifications.ts';
import { createDatabaseOutage, type DatabaseOutage } from '../db/database-outage.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { pingDatabase } from '../db/ping-database.ts';
import { createConnectionPressure } from '../db/connection-pressure.ts';

/** A pool checkout waiting longer than this counts towards readiness' connection shortage (docs/database.md#connection-budget). */
const slowCheckoutMs = 1_000;
import { catchUpCustodyJournal } from '../records/wallets/custody-journal-catch-up.ts';
import { seedDemoData } from '../db/seed/demo-seed.ts';
import { shouldSeedDemoData } from '../db/seed/should-seed-demo-data.ts';
import type { StatementRunner } from '../db/statement-runner.ts';
import type { DemoQuestionnaireSealer } from '../db/seed/seal-demo-questionnaires.ts';
import type { ResolvedDatabase } from './resolve-database.ts';
import type { ShutdownSteps } from './shutdown-steps.ts';

export async function startDatabase(options: {
  config: Config;
  database: ResolvedDatabase;
  logger: Logger;
  shutdown: ShutdownSteps;
  metrics: Metrics;
  /** Seals the demo profiles' questionnaire answers with the current KYC data key (docs/kyc.md#encryption). */
  sealQuestionnaires?: DemoQuestionnaireSealer;
}): Promise<{
  db: Db;
  statements: StatementRunner;
  notifications: DatabaseNotifications;
  /** Why this node is short of database connections now, or null (readiness). */
  connectionShortage: () => string | null;
}> {
  const { config, logger, metrics, database } = options;
  // Migrations may wait for another node's advisory lock and build indexes: no statement timeout.
  // Behind a pooler in transaction mode, migrations and LISTEN need the server itself (docs/database.md#behind-pgbouncer).
  const directUrl = config.databaseDirectUrl ?? database.url;
  await prepareDatabase(directUrl, config, database.embedded, logger, options.sealQuestionnaires);
  const outage = createDatabaseOutage({
    logger,
    onChange: metrics.database.setUp,
    onFault: (fault) => metrics.database.fault(fault.kind),
    probe: () => pingDatabase(db),
  });
  const pressure = createConnectionPressure({
    slowAfterMs: slowCheckoutMs,
    onEvent: metrics.database.checkout,
  });
  const { db, pool, statements } = createDatabase({
    url: database.url,
    poolSize: config.dbPoolSize,
    pressure,
    timeouts: {
      statementMs: config.timeouts.dbStatementMs,
      connectMs: config.timeouts.dbConnectMs,
      requestMs: config.timeouts.requestMs,
    },
    outage,
    ...(!config.dbPreparedStatements && { maxPreparedStatements: 0 }),
  });
  metrics.watchDatabasePool(() => poolCounts(pool));
  // LISTEN needs a connection of its own, outside the pool (docs/identity.md#api-key-verification);
  // losing it is an outage signal too, even without traffic.
  const notifications = createDatabaseNotifications({
    url: directUrl,
    onConnectionChange: (connected, error) => reportListener(outage, connected, error),
  });
  // The pool closes before the server it talks to stops.
  options.shutdown.add(
    async () => outage.close(),
    notifications.close,
    async () => db.destroy(),
  );
  return { db, statements, notifications, connectionShortage: () => pressure.shortage() };
}

async function prepareDatabase(
  url: string,
  config: Config,
  embedded: boolean,
  logger: Logger,
  sealQuestionnaires: DemoQuestionnaireSealer | undefined,
): Promise<void> {
  const { db } = createDatabase({ url, poolSize: 2 });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    if (shouldSeedDemoData(config.seed, embedded)) {
      const { seeded } = await seedDemoData(db, { sealQuestionnaires });
      if (seeded) logger.info('demo data loaded into the empty database');
    }
    await catchUpJournal(db, logger);
  } finally {
    await db.destroy();
  }
}

/**
 * Every node runs it after the migrations and the seed; passes serialize per wallet, so a second
 * node finds nothing left. A failure is logged and the start goes on: the transfers stay behind
 * until their wallet's next send or sync carries them, as they would have without this pass.
 */
async function catchUpJournal(db: Db, logger: Logger): Promise<void> {
  try {
    const caughtUp = await catchUpCustodyJournal(db);
    if (caughtUp.wallets > 0) logger.info({ journalCatchUp: caughtUp }, 'custody transfers carried into the journal');
  } catch (error) {
    logger.warn({ err: error }, 'custody transfers behind the journal were not carried in at start');
  }
}

function reportListener(outage: DatabaseOutage, connected: boolean, error: unknown): void {
  const at = performance.now();
  if (connected) return outage.succeeded(at);
  outage.failed(at, databaseFaultOf(error) ?? { kind: 'unavailable', cause: 'notification connection lost' });
}
