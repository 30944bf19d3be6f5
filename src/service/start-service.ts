// The composition root: database, migrations, demo data, then the two servers
// (DESIGN.md §4). Returns a handle whose close() is the graceful shutdown.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createDatabase, type Db } from '../db/create-database.ts';
import { migrateToLatest, pendingMigrations } from '../db/migrate.ts';
import { pingDatabase } from '../db/ping-database.ts';
import { seedDemoData } from '../db/seed/demo-seed.ts';
import { shouldSeedDemoData } from '../db/seed/should-seed-demo-data.ts';
import { createDataQueryExecutor } from '../access/data-layer-sql/data-query-executor.ts';
import { createDataLayer } from '../data-layer/create-data-layer.ts';
import { dataLayerNotReady } from '../data-layer/data-layer-app.ts';
import { type CheckResult, checkReadiness } from '../domain/health/readiness-service.ts';
import { createBusinessSchema } from '../graphql/business-schema.ts';
import { createDocumentCache } from '../graphql/document-cache.ts';
import { graphqlTransport } from '../graphql/graphql-transport.ts';
import { startSubscriptionServer } from '../graphql/subscription-server.ts';
import { createPdfEngine, type PdfEngine } from '../documents/pdf/pdf-engine.ts';
import { createAssetService } from '../domain/assets/asset-service.ts';
import { createFileUploadStore } from '../access/files/file-upload-store.ts';
import { createDirectoryFileStorage } from '../domain/files/directory-file-storage.ts';
import { createUploadService } from '../domain/files/upload-service.ts';
import { fileHandlers } from '../http/handlers/file-handlers.ts';
import { createDocumentRecords } from '../access/documents/document-records.ts';
import { createDocumentOutput } from '../domain/documents/document-output.ts';
import { issuerParty } from '../domain/documents/document-parties.ts';
import { createDocumentService } from '../domain/documents/document-service.ts';
import { createHtmlRenderer } from '../documents/render-html.ts';
import { documentHandlers } from '../http/handlers/document-handlers.ts';
import { createWalletValueHistoryReader } from '../access/wallets/wallet-value-history.ts';
import { createKycDocumentTokens } from '../domain/identity/kyc-document-tokens.ts';
import { createKycDocumentFileService } from '../domain/kyc/kyc-document-file-service.ts';
import { createWalletSparklineService } from '../domain/wallets/wallet-sparkline-service.ts';
import { createAuthenticator } from '../http/authenticate.ts';
import { assetHandlers } from '../http/handlers/asset-handlers.ts';
import { kycDocumentHandlers } from '../http/handlers/kyc-document-handlers.ts';
import { walletSparklineHandlers } from '../http/handlers/wallet-sparkline-handlers.ts';
import { authHandlers } from '../http/handlers/auth-handlers.ts';
import { handlerTable } from '../http/handlers/handler-table.ts';
import { healthHandlers } from '../http/handlers/health-handlers.ts';
import { oidcHandlers } from '../http/handlers/oidc-handlers.ts';
import { createHttpApp } from '../http/http-app.ts';
import { notImplementedOperations } from '../http/not-implemented-operations.ts';
import { createMetrics } from '../observability/metrics.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import { createIdentity } from './create-identity.ts';
import { resolveDatabase } from './resolve-database.ts';
import { resolveSecrets } from './resolve-secrets.ts';
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

    // Listen first: with PORT=0 the public URL, which is the token issuer, is known only now.
    const server = http.createServer(notReadyYet);
    const dataServer = http.createServer(dataLayerNotReady);
    await listen(server, config.port, config.host);
    closers.unshift(() => closeServer(server));
    await listen(dataServer, config.dataPort, config.host);
    closers.unshift(() => closeServer(dataServer));
    const url = publicOrBound(config.publicUrl, config.port, server);
    const dataUrl = publicOrBound(config.dataPublicUrl, config.dataPort, dataServer);

    const pdfEngine = createPdfEngine({ chromiumPath: config.chromiumPath, logger: logger.child({ component: 'pdf' }) });
    closers.unshift(() => pdfEngine.close());
    // Either way the log says at once which browser prints PDFs, or why none can.
    void (config.pdfPrewarm ? pdfEngine.start() : pdfEngine.locate());
    const metrics = createMetrics();
    const schema = createBusinessSchema();
    const documents = createDocumentCache();
    const identity = await createIdentity({ config, db, publicUrl: url, dataPublicUrl: dataUrl, secrets, logger });
    const limits = await authRateLimits(config, logger);
    closers.unshift(limits.close);
    const sweeper = setInterval(() => void identity.services.sweep().catch((error: unknown) => logger.warn({ err: error }, 'session sweep failed')), 10 * 60_000);
    sweeper.unref();
    closers.unshift(async () => clearInterval(sweeper));
    const handlers = handlerTable({
      ...healthHandlers({
        service: { ...serviceInfo, startedAt },
        metricsText: async () => ({ body: await metrics.registry.metrics() }),
        readiness: () =>
          checkReadiness({
            pingDatabase: () => pingDatabase(db),
            pendingMigrations: () => pendingMigrations(db),
            pdfEngine: () => pdfReadiness(pdfEngine.status()),
          }),
      }),
      ...authHandlers(identity.services, url),
      ...oidcHandlers(url, identity.services.keys),
      ...assetHandlers(createAssetService()),
      ...fileHandlers(createUploadService({ storage: createDirectoryFileStorage(config.uploadDir), store: createFileUploadStore(db) })),
      ...documentHandlers(createDocumentService({
        records: createDocumentRecords(db),
        output: createDocumentOutput({ renderer: createHtmlRenderer(), pdf: pdfEngine }),
        issuer: issuerParty(config.documentIssuer),
      })),
      ...walletSparklineHandlers(createWalletSparklineService({ history: createWalletValueHistoryReader(db) })),
      ...kycDocumentHandlers(createKycDocumentFileService({
        tokens: createKycDocumentTokens(identity.services.tokens),
        kyc: identity.kyc,
      })),
    });
    const app = createHttpApp({
      handlers,
      transports: { postGraphql: graphqlTransport(schema, documents, logger) },
      notImplemented: new Set(notImplementedOperations),
      authenticate: createAuthenticator({ resolver: identity.services.credentials, bearerIsInput: new Set(['exchangeToken']) }),
      guards: limits.guards,
      unauthenticatedFields: { getSession: { active: false } },
      // Next to the stored files, so storing one is a hard link rather than a copy (docs/files.md).
      multipartTempDir: path.join(config.uploadDir, '.incoming'),
      before: identity.devProvider ? [identity.devProvider.middleware] : [],
      logger,
      metrics,
    });
    const subscriptions = startSubscriptionServer({
      server,
      schema,
      documents,
      logger,
      authenticateApiKey: (key) => identity.services.credentials.fromApiKey(key).catch(() => null),
    });
    closers.unshift(() => subscriptions.close());
    server.removeListener('request', notReadyYet);
    server.on('request', app.callback());
    dataServer.removeListener('request', dataLayerNotReady);
    dataServer.on('request', createDataLayer({
      queries: createDataQueryExecutor(db),
      adminSecret: secrets.dataAdminSecret,
      tokens: identity.services.tokens,
      sessions: identity.services.sessions,
      dataPublicUrl: dataUrl,
      logger: logger.child({ component: 'data-layer' }),
    }));
    logger.info({ url, dataUrl, ms: Date.now() - startedAt }, 'service ready');
    return { url, dataUrl, db, close: () => closeAll(closers) };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

/** The PDF engine's state as a readiness check; informational, never fails readiness (issue 5). */
function pdfReadiness(engine: ReturnType<PdfEngine['status']>): CheckResult {
  const status = ({ ready: 'ok', starting: 'pending', degraded: 'error', unavailable: 'unavailable' } as const)[engine.status];
  return { status, message: engine.message };
}

/** Requests that arrive between listen() and the end of start-up. */
function notReadyYet(_request: http.IncomingMessage, response: http.ServerResponse): void {
  response.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
  response.end(JSON.stringify({ success: false, message: 'service is starting', code: 'SERVICE_UNAVAILABLE', requestId: 'starting' }));
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
