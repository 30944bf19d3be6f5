// The composition root (docs/architecture.md#composition): the database, then the two
// servers, then each area from its own create-<area>.ts; the handlers they return make the
// HTTP app. Returns a handle whose close() is the graceful shutdown: drain the servers, then
// close the engines, last started first (docs/architecture.md#shutdown).
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { handlerTable } from '../http/handlers/handler-table.ts';
import { createHttpApp } from '../http/http-app.ts';
import { notImplementedOperations } from '../http/not-implemented-operations.ts';
import { createMetrics } from '../observability/metrics.ts';
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
import { listenServers } from './listen-servers.ts';
import { resolveSecrets } from './resolve-secrets.ts';
import { createShutdownSteps } from './shutdown-steps.ts';
import { createPrices } from './create-prices.ts';
import { createProviders } from './create-providers.ts';
import { createMarketData, orderBooksOf } from './create-market-data.ts';
import { adoptSimulatorWallets } from './adopt-simulator-wallets.ts';
import { createBusinessResultCache } from './create-result-cache.ts';
import { startDatabase } from './start-database.ts';
import { heapBudgetProblem } from './heap-budget.ts';

export interface RunningService {
  readonly url: string;
  readonly dataUrl: string;
  readonly db: Db;
  close(): Promise<void>;
}

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const startedAt = Date.now();
  const heapProblem = heapBudgetProblem(config.redisUrl ? 0 : config.resultCacheMb * 1024 * 1024);
  if (heapProblem) throw new Error(heapProblem);
  const secrets = resolveSecrets(config, logger);
  const shutdown = createShutdownSteps({ drainTimeoutMs: config.shutdownTimeoutMs });
  try {
    const metrics = createMetrics();
    const kycKeys = createKycKeys(secrets.kycDataKeys);
    const { db, statements, notifications } = await startDatabase({
      config,
      embeddedPassword: secrets.embeddedPostgresPassword,
      logger,
      shutdown,
      metrics,
      sealQuestionnaires: kycKeys.sealDemoQuestionnaires,
    });
    const servers = await listenServers(config, shutdown);
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
      }).handlers,
      ...identity.handlers,
      ...createAssets({ metrics }).handlers,
      ...files.handlers,
      ...documents.handlers,
      ...wallets.handlers,
      ...createKycDocuments({ identity }).handlers,
    });
    const app = createHttpApp({
      handlers,
      transports: { ...graphql.transports, ...kyc.transports },
      notImplemented: new Set(notImplementedOperations),
      ...identity.http,
      multipartTempDir: files.multipartTempDir,
      requestTimeoutMs: config.timeouts.requestMs,
      logger,
      metrics,
    });
    servers.serve(
      app.callback(),
      createDataAccessLayer({
        database: { db, statements },
        adminSecret: secrets.dataAdminSecret,
        identity: identity.services,
        dataUrl,
        logger,
        rateLimit: identity.dataLayerRateLimit,
        requestTimeoutMs: config.timeouts.requestMs,
        metrics,
      }),
    );
    logger.info({ url, dataUrl, ms: Date.now() - startedAt }, 'service ready');
    documents.prewarm();
    return { url, dataUrl, db, close: () => shutdown.close() };
  } catch (error) {
    await shutdown.close();
    throw error;
  }
}
