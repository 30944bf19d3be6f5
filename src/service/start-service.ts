// The composition root: database, migrations, demo data, then the two servers
// (DESIGN.md §4). Returns a handle whose close() is the graceful shutdown.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { loadLocalSecrets } from '../config/local-secrets.ts';
import { createDatabase, type Db } from '../db/create-database.ts';
import { migrateToLatest, pendingMigrations } from '../db/migrate.ts';
import { pingDatabase } from '../db/ping-database.ts';
import { seedDemoData } from '../db/seed/demo-seed.ts';
import { shouldSeedDemoData } from '../db/seed/should-seed-demo-data.ts';
import { createDataLayerApp } from '../data-layer/data-layer-app.ts';
import { checkReadiness } from '../domain/health/readiness-service.ts';
import { createBusinessSchema } from '../graphql/business-schema.ts';
import { createDocumentCache } from '../graphql/document-cache.ts';
import { graphqlTransport } from '../graphql/graphql-transport.ts';
import { startSubscriptionServer } from '../graphql/subscription-server.ts';
import { createAuthenticator } from '../http/authenticate.ts';
import { constantTimeEqual } from '../http/constant-time-equal.ts';
import { handlerTable } from '../http/handlers/handler-table.ts';
import { healthHandlers } from '../http/handlers/health-handlers.ts';
import { createHttpApp } from '../http/http-app.ts';
import { notImplementedOperations } from '../http/not-implemented-operations.ts';
import { createMetrics } from '../observability/metrics.ts';
import { resolveDatabase } from './resolve-database.ts';
import { serviceInfo } from './service-info.ts';

export interface RunningService {
  readonly url: string;
  readonly dataUrl: string;
  readonly db: Db;
  close(): Promise<void>;
}

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const startedAt = Date.now();
  const secrets = resolveSecrets(config, logger);
  const database = await resolveDatabase(config, secrets.embeddedPostgresPassword, logger);
  const { db } = createDatabase({ url: database.url });
  const closers: (() => Promise<void>)[] = [async () => db.destroy(), database.stop];
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    await seedIfWanted(config, database.embedded, db, logger);

    const metrics = createMetrics();
    const schema = createBusinessSchema();
    const documents = createDocumentCache();
    const authenticate = createAuthenticator({ adminApiKey: secrets.adminApiKey });
    const handlers = handlerTable(
      healthHandlers({
        service: { ...serviceInfo, startedAt },
        metricsText: async () => ({ body: await metrics.registry.metrics() }),
        readiness: () =>
          checkReadiness({
            pingDatabase: () => pingDatabase(db),
            pendingMigrations: () => pendingMigrations(db),
            pdfEngine: () => ({ status: 'unavailable', message: 'PDF rendering is not built yet (issue 5)' }),
          }),
      }),
    );
    const app = createHttpApp({
      handlers,
      transports: { postGraphql: graphqlTransport(schema, documents, logger) },
      notImplemented: new Set(notImplementedOperations),
      authenticate,
      logger,
      metrics,
    });
    const server = http.createServer(app.callback());
    const subscriptions = startSubscriptionServer({
      server,
      schema,
      documents,
      logger,
      authenticateApiKey: (key) => (constantTimeEqual(key, secrets.adminApiKey) ? { kind: 'admin-api-key', keyId: 'bootstrap' } : null),
    });
    const dataServer = http.createServer(createDataLayerApp().callback());
    await listen(server, config.port, config.host);
    closers.unshift(() => closeServer(server), () => subscriptions.close());
    await listen(dataServer, config.dataPort, config.host);
    closers.unshift(() => closeServer(dataServer));
    const url = publicOrBound(config.publicUrl, config.port, server);
    const dataUrl = publicOrBound(config.dataPublicUrl, config.dataPort, dataServer);
    logger.info({ url, dataUrl, ms: Date.now() - startedAt }, 'service ready');
    return { url, dataUrl, db, close: () => closeAll(closers) };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

function resolveSecrets(config: Config, logger: Logger) {
  const local = loadLocalSecrets(config.dataDir);
  const adminApiKey = config.adminApiKey ?? local.secrets.adminApiKey;
  const dataAdminSecret = config.dataAdminSecret ?? local.secrets.dataAdminSecret;
  const shown = local.created.filter(
    (name) => (name === 'adminApiKey' && !config.adminApiKey) || (name === 'dataAdminSecret' && !config.dataAdminSecret),
  );
  if (shown.length > 0) {
    // Printed once, on the run that generated them (DESIGN.md §4); never logged again.
    const lines = shown.map((name) => `  ${name === 'adminApiKey' ? 'ADMIN_API_KEY' : 'DATA_ADMIN_SECRET'}=${name === 'adminApiKey' ? adminApiKey : dataAdminSecret}`);
    process.stdout.write(`Generated secrets, stored in ${config.dataDir}/secrets.json (shown once):\n${lines.join('\n')}\n`);
    logger.info({ generated: shown }, 'generated local secrets');
  }
  return { adminApiKey, dataAdminSecret, embeddedPostgresPassword: local.secrets.embeddedPostgresPassword };
}

async function seedIfWanted(config: Config, embedded: boolean, db: Db, logger: Logger): Promise<void> {
  if (!shouldSeedDemoData(config.seed, embedded)) return;
  const { seeded } = await seedDemoData(db);
  if (seeded) logger.info('demo data loaded into the empty database');
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Requests still running after the grace period are cut so shutdown cannot hang.
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}

function publicOrBound(publicUrl: string, configuredPort: number, server: http.Server): string {
  if (configuredPort !== 0) return publicUrl;
  const address = server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

async function closeAll(closers: (() => Promise<void>)[]): Promise<void> {
  for (const close of closers.splice(0)) {
    try {
      await close();
    } catch {
      // keep closing the rest
    }
  }
}
