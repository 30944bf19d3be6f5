// The service on a resolved database (docs/service.md#composition): migrations and the demo
// data, the two servers, then each area from its own create-<area>.ts; the handlers they return
// make the HTTP app, then both servers start serving. start-service.ts imports this module while the
// database starts, so loading its modules and PostgreSQL's start overlap (docs/service.md#start-up).
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { handlerTable } from '../http/handlers/handler-table.ts';
import { createHttpApp } from '../http/http-app.ts';
import { withLivenessFastLane } from '../http/liveness-fast-lane.ts';
import { notImplementedOperations } from '../http/not-implemented-operations.ts';
import { type ApiExplorerWiring, createApiExplorer } from './create-api-explorer.ts';
import { createAssets } from './create-assets.ts';
import { createBusinessGraphql } from './create-business-graphql.ts';
import { createDataAccessLayer } from './create-data-access-layer.ts';
import { createDocuments } from './create-documents.ts';
import { createFiles } from './create-files.ts';
import { createFunds } from './create-funds.ts';
import { createHealth } from './create-health.ts';
import { createIdentity } from './create-identity.ts';
import { createKycDocuments } from './create-kyc-documents.ts';
import { createKyc, createKycKeys } from './create-kyc.ts';
import { createWallets } from './create-wallets.ts';
import { createTrading } from './create-trading.ts';
import { createPrices } from './create-prices.ts';
import { createProviders } from './create-providers.ts';
import { createReconciliation } from './create-reconciliation.ts';
import { createMarketData, orderBooksOf } from './create-market-data.ts';
import { createSimulatedMarket } from '../providers/simulated-market/simulated-market.ts';
import { adoptSimulatorWallets } from './adopt-simulator-wallets.ts';
import { createBusinessResultCache } from './create-result-cache.ts';
import { followRecordChanges } from './follow-record-changes.ts';
import { createMetrics, type Metrics } from '../observability/metrics.ts';
import { listenServers, type ListeningServers } from './listen-servers.ts';
import type { ResolvedDatabase } from './resolve-database.ts';
import type { ResolvedSecrets } from './resolve-secrets.ts';
import type { ShutdownSteps } from './shutdown-steps.ts';
import { startDatabase } from './start-database.ts';
import { type AfterFirstReady, createAfterFirstReady } from './after-first-ready.ts';
import { createIdempotency, pendingLeaseAfter } from '../domain/idempotency/idempotent-request.ts';
import { createIdempotencyKeyTable } from '../records/idempotency/idempotency-key-table.ts';

/** The PDF engine's prewarm and the development provider start this long after readiness if no probe came first. */
const afterReadyFallbackMs = 1_000;

export interface ComposeOptions {
  config: Config;
  logger: Logger;
  startedAt: number;
  secrets: ResolvedSecrets;
  shutdown: ShutdownSteps;
  database: ResolvedDatabase;
}

export async function composeService(options: ComposeOptions): Promise<{ url: string; dataUrl: string; db: Db }> {
  const { logger, startedAt, shutdown } = options;
  const base = await startBase(options);
  const { db, servers } = base;
  const { url, dataUrl } = servers;
  const areas = await createAreas(options, base);
  const graphql = shutdown.track(createBusinessGraphql(businessGraphqlDeps(options, base, areas)));
  const { app, explorer } = createApp(options, base, areas, graphql.transports);
  // The probe's lane first, then POST /graphql's, then Koa (docs/requests.md#the-envelope).
  const lanes = withLivenessFastLane(graphql.withFastLane(app.callback(), app), { logger, metrics: base.metrics });
  servers.serve(lanes, createDataLayer(options, base, areas, explorer));
  // `ms` counts from startService, `processMs` from the process' start (module loading included).
  logger.info({ url, dataUrl, ms: Date.now() - startedAt, processMs: Math.round(performance.now()) }, 'service ready');
  // What no request needs yet loads after the first readiness answer (docs/service.md#start-up).
  base.afterReady.run([areas.documents.prewarm, () => void areas.identity.devProvider?.warm()]);
  return { url, dataUrl, db };
}

type StartedDatabase = Awaited<ReturnType<typeof startDatabase>>;

/** What every area stands on: metrics, the KYC keys, the database and both listening servers. */
interface Base extends StartedDatabase {
  readonly metrics: Metrics;
  readonly kycKeys: ReturnType<typeof createKycKeys>;
  readonly servers: ListeningServers;
  readonly afterReady: AfterFirstReady;
}

async function startBase(options: ComposeOptions): Promise<Base> {
  const { config, logger, secrets, shutdown, database } = options;
  const metrics = createMetrics();
  const kycKeys = createKycKeys(secrets.kycDataKeys);
  const started = await startDatabase({
    config,
    database,
    logger,
    shutdown,
    metrics,
    sealQuestionnaires: kycKeys.sealDemoQuestionnaires,
  });
  const servers = await listenServers(config, shutdown);
  const afterReady = createAfterFirstReady({ fallbackMs: afterReadyFallbackMs, stopping: () => shutdown.stopping });
  shutdown.add(async () => afterReady.cancel());
  return { ...started, metrics, kycKeys, servers, afterReady };
}

type Areas = Awaited<ReturnType<typeof createAreas>>;

/** Each area from its own create-<area>.ts, in the order they depend on each other. */
async function createAreas(options: ComposeOptions, base: Base) {
  const { config, logger, secrets, shutdown } = options;
  const { db, metrics } = base;
  const documents = shutdown.track(createDocuments({ config, db, logger, metrics }));
  const identity = shutdown.track(
    await createIdentity({
      config,
      db,
      notifications: base.notifications,
      publicUrl: base.servers.url,
      dataPublicUrl: base.servers.dataUrl,
      secrets,
      logger,
      metrics,
    }),
  );
  const files = shutdown.track(await createFiles({ config, db, logger }));
  const { results } = shutdown.track(await createBusinessResultCache({ config, logger, metrics }));
  await followRecordChanges({ notifications: base.notifications, results, logger });
  // One simulated market behind both simulators (docs/market-data.md#the-simulated-market).
  const market = createSimulatedMarket({ seed: config.providers.simulatedMarketSeed });
  const prices = shutdown.track(createPrices({ config, db, results, logger, market }));
  const providers = createProviders({ config, logger });
  const marketData = shutdown.track(await createMarketData({ config, db, logger, market }));
  const custodialApprovalsRequired = config.providers.custodyApprovalsRequired;
  // One home for the keys of every creating mutation, its lease following the request deadline.
  const idempotency = createIdempotency({
    keys: createIdempotencyKeyTable(db),
    pendingLeaseMs: pendingLeaseAfter(config.timeouts.requestMs),
  });
  await adoptSimulatorWallets({ db, custody: providers.custody, custodialApprovalsRequired, logger });
  const wallets = shutdown.track(
    createWallets({
      db,
      metrics,
      results,
      providers,
      priceMaxAgeMs: config.providers.coinPricesMaxAgeMs,
      custodialApprovalsRequired,
      users: identity.services.users,
      logger,
      valueHistory: { enabled: config.valueHistory, refreshPrices: prices.refreshNow },
      idempotency,
    }),
  );
  // Wallet creations cut off before their commit by a crash (docs/custody.md#idempotent-creation).
  await wallets.operations.recoverPendingCreations();
  shutdown.track(
    createReconciliation({
      db,
      custody: providers.custody,
      intervalSeconds: config.providers.reconcileIntervalSeconds,
      metrics: metrics.reconciliation,
      logger,
    }),
  );
  const kyc = createKyc({ db, ring: base.kycKeys.ring, webhookSecret: secrets.kycWebhookSecret, identity, logger });
  return {
    documents,
    identity,
    files,
    results,
    prices,
    marketData,
    wallets,
    kyc,
    custodian: providers.custody,
    idempotency,
  };
}

function businessGraphqlDeps(
  options: ComposeOptions,
  base: Base,
  areas: Areas,
): Parameters<typeof createBusinessGraphql>[0] {
  const { config, logger } = options;
  const { db } = base;
  const { identity, prices, wallets } = areas;
  return {
    services: {
      prices: prices.service,
      wallets: wallets.summaries,
      portfolio: wallets.portfolio,
      walletDetails: wallets.details,
      walletOperations: wallets.operations,
      amlScreening: wallets.screening,
      walletUnfreeze: wallets.unfreeze,
      custody: wallets.custody,
      funds: createFunds({ db, users: identity.services.users }),
      documents: areas.documents.business,
      trading: createTrading({
        config,
        db,
        usdPrice: prices.lookup,
        users: identity.services.users,
        results: areas.results,
        orderBooks: orderBooksOf(areas.marketData),
        custody: areas.custodian,
        idempotency: areas.idempotency,
        logger,
      }),
      kyc: areas.kyc.services,
    },
    marketData: areas.marketData.feed,
    server: base.servers.server,
    credentials: identity.services.credentials,
    rateLimit: identity.graphqlRateLimit,
    socketCaps: config.socketCaps,
    fanoutWorkers: config.fanoutWorkers,
    failedCredentials: identity.failedCredentials,
    onApiKeyChanged: identity.onApiKeyChanged,
    cost: { maxCost: config.graphqlMaxCost, budget: identity.graphqlCostBudget },
    requestTimeoutMs: config.timeouts.requestMs,
    logger,
    metrics: base.metrics,
  };
}

/** The HTTP app: every area's REST handlers, the GraphQL and KYC transports, the API explorer. */
function createApp(
  options: ComposeOptions,
  base: Base,
  areas: Areas,
  graphqlTransports: ReturnType<typeof createBusinessGraphql>['transports'],
) {
  const { config, logger, startedAt, shutdown } = options;
  const { db, metrics } = base;
  const { identity, files, documents } = areas;
  const handlers = handlerTable({
    ...createHealth({
      db,
      metrics,
      startedAt,
      connectionShortage: base.connectionShortage,
      pdfReadiness: documents.pdfReadiness,
      stopping: () => shutdown.stopping,
      onReady: base.afterReady.answeredReady,
    }).handlers,
    ...identity.handlers,
    ...createAssets({ metrics }).handlers,
    ...files.handlers,
    ...documents.handlers,
    ...areas.wallets.handlers,
    ...createKycDocuments({ identity }).handlers,
  });
  const explorer = createApiExplorer({ enabled: config.apiExplorer, logger });
  const app = createHttpApp({
    handlers,
    transports: { ...graphqlTransports, ...areas.kyc.transports },
    notImplemented: new Set(notImplementedOperations),
    ...identity.http,
    before: [...(identity.http.before ?? []), ...explorer.mounts],
    multipartTempDir: files.multipartTempDir,
    requestTimeoutMs: config.timeouts.requestMs,
    responseValidation: config.responseValidation,
    logger,
    metrics,
  });
  return { app, explorer };
}

function createDataLayer(options: ComposeOptions, base: Base, areas: Areas, explorer: ApiExplorerWiring) {
  const { config, logger, secrets } = options;
  const { identity } = areas;
  const dataLayer = createDataAccessLayer({
    database: { db: base.db, statements: base.statements },
    adminSecret: secrets.dataAdminSecret,
    identity: identity.services,
    dataUrl: base.servers.dataUrl,
    logger,
    rateLimit: identity.dataLayerRateLimit,
    failedCredentials: identity.failedCredentials,
    requestTimeoutMs: config.timeouts.requestMs,
    metrics: base.metrics,
    wrap: explorer.wrapDataLayer,
    server: base.servers.dataServer,
    socketCaps: config.socketCaps,
    liveQueryIntervalMs: config.dataLiveQueryIntervalMs,
    notifications: base.notifications,
  });
  return options.shutdown.track(dataLayer).listener;
}
