// The service on a resolved database (docs/service.md#composition): migrations and the demo
// data, the two servers, then each area from its own create-<area>.ts; the handlers they return
// make the HTTP app, then both servers start serving. start-service.ts imports this module while the
// database starts, so loading its modules and PostgreSQL's start overlap (docs/service.md#start-up).
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { handlerTable } from '../http/handlers/handler-table.ts';
import { createHttpApp } from '../http/http-app.ts';
import { notImplementedOperations } from '../http/not-implemented-operations.ts';
import { createApiExplorer } from './create-api-explorer.ts';
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
import { createMarketData, orderBooksOf } from './create-market-data.ts';
import { adoptSimulatorWallets } from './adopt-simulator-wallets.ts';
import { createBusinessResultCache } from './create-result-cache.ts';
import { createMetrics } from '../observability/metrics.ts';
import { listenServers } from './listen-servers.ts';
import type { ResolvedDatabase } from './resolve-database.ts';
import type { ResolvedSecrets } from './resolve-secrets.ts';
import type { ShutdownSteps } from './shutdown-steps.ts';
import { startDatabase } from './start-database.ts';
import { createAfterFirstReady } from './after-first-ready.ts';

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
  const { config, logger, startedAt, secrets, shutdown, database } = options;
  const metrics = createMetrics();
  const kycKeys = createKycKeys(secrets.kycDataKeys);
  const { db, statements, notifications } = await startDatabase({
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
  const { url, dataUrl } = servers;
  const documents = shutdown.track(createDocuments({ config, db, logger, metrics }));
  const identity = shutdown.track(
    await createIdentity({
      config,
      db,
      notifications,
      publicUrl: url,
      dataPublicUrl: dataUrl,
      secrets,
      logger,
      metrics,
    }),
  );
  const files = shutdown.track(await createFiles({ config, db, logger }));
  const { results } = shutdown.track(await createBusinessResultCache({ config, logger, metrics }));
  const prices = shutdown.track(createPrices({ config, db, results, logger }));
  const providers = createProviders({ config, logger });
  const marketData = shutdown.track(await createMarketData({ config, db, logger }));
  await adoptSimulatorWallets({ db, custody: providers.custody, logger });
  const wallets = createWallets({
    db,
    metrics,
    results,
    providers,
    priceMaxAgeMs: config.providers.coinPricesMaxAgeMs,
    users: identity.services.users,
    logger,
  });
  const kyc = createKyc({ db, ring: kycKeys.ring, webhookSecret: secrets.kycWebhookSecret, identity, logger });
  const graphql = shutdown.track(
    createBusinessGraphql({
      services: {
        prices: prices.service,
        wallets: wallets.summaries,
        portfolio: wallets.portfolio,
        walletDetails: wallets.details,
        walletOperations: wallets.operations,
        amlScreening: wallets.screening,
        custody: wallets.custody,
        funds: createFunds({ db, users: identity.services.users }),
        documents: documents.business,
        trading: createTrading({
          config,
          db,
          usdPrice: prices.lookup,
          users: identity.services.users,
          orderBooks: orderBooksOf(marketData),
        }),
        kyc: kyc.services,
      },
      marketData: marketData.feed,
      server: servers.server,
      credentials: identity.services.credentials,
      rateLimit: identity.graphqlRateLimit,
      socketCaps: config.socketCaps,
      failedCredentials: identity.failedCredentials,
      onApiKeyChanged: identity.onApiKeyChanged,
      cost: { maxCost: config.graphqlMaxCost, budget: identity.graphqlCostBudget },
      requestTimeoutMs: config.timeouts.requestMs,
      logger,
      metrics,
    }),
  );
  const handlers = handlerTable({
    ...createHealth({
      db,
      metrics,
      startedAt,
      pdfReadiness: documents.pdfReadiness,
      stopping: () => shutdown.stopping,
      onReady: afterReady.answeredReady,
    }).handlers,
    ...identity.handlers,
    ...createAssets({ metrics }).handlers,
    ...files.handlers,
    ...documents.handlers,
    ...wallets.handlers,
    ...createKycDocuments({ identity }).handlers,
  });
  const explorer = createApiExplorer({ enabled: config.apiExplorer, logger });
  const app = createHttpApp({
    handlers,
    transports: { ...graphql.transports, ...kyc.transports },
    notImplemented: new Set(notImplementedOperations),
    ...identity.http,
    before: [...(identity.http.before ?? []), ...explorer.mounts],
    multipartTempDir: files.multipartTempDir,
    requestTimeoutMs: config.timeouts.requestMs,
    logger,
    metrics,
  });
  servers.serve(
    graphql.withFastLane(app.callback(), app),
    createDataAccessLayer({
      database: { db, statements },
      adminSecret: secrets.dataAdminSecret,
      identity: identity.services,
      dataUrl,
      logger,
      rateLimit: identity.dataLayerRateLimit,
      failedCredentials: identity.failedCredentials,
      requestTimeoutMs: config.timeouts.requestMs,
      metrics,
      wrap: explorer.wrapDataLayer,
    }),
  );
  // `ms` counts from startService, `processMs` from the process' start (module loading included).
  logger.info({ url, dataUrl, ms: Date.now() - startedAt, processMs: Math.round(performance.now()) }, 'service ready');
  // What no request needs yet loads after the first readiness answer (docs/service.md#start-up).
  afterReady.run([documents.prewarm, () => void identity.devProvider?.warm()]);
  return { url, dataUrl, db };
}
