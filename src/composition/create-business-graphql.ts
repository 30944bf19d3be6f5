// The business GraphQL API on the main port: POST /graphql (graphql-transport.ts) and the
// graphql-ws subscriptions on the same path, sharing one cache of parsed documents
// (docs/requests.md#post-graphql), over the schema of schema.graphql with its resolvers
// given the domain services they use, and the order-book subscribers' fan-out over the
// market-data feed (docs/market-data.md#fan-out). POST /graphql's ordinary requests are served
// by a fast lane in front of the Koa app (docs/requests.md#the-graphql-fast-lane). Every operation's cost
// is checked and spent by one guard before it runs (docs/api-limits.md).
import type { RequestListener, Server } from 'node:http';
import type { Logger } from 'pino';
import type { CredentialResolver } from '../domain/identity/credential-resolver.ts';
import type { MarketDataFeed } from '../domain/market-data/market-data-feed.ts';
import { createBusinessSchema } from '../graphql/business-schema.ts';
import type { BusinessServices } from '../graphql/business-services.ts';
import { createDocumentCache } from '../graphql/document-cache.ts';
import { createGraphqlAnswerer } from '../graphql/graphql-answer.ts';
import { withGraphqlFastLane } from '../graphql/graphql-fast-lane.ts';
import { graphqlTransport } from '../graphql/graphql-transport.ts';
import type { CostBudget } from '../graphql/operation-cost/cost-budget.ts';
import { rootFieldWeights } from '../graphql/operation-cost/field-weights.ts';
import { createOperationCostGuard } from '../graphql/operation-cost/operation-cost-guard.ts';
import { createOrderBookFanout } from '../graphql/order-book/order-book-fanout.ts';
import type { FailedCredentialLimit } from '../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import type { SocketCaps } from '../graphql/live-sockets.ts';
import { startSubscriptionServer } from '../graphql/subscription-server.ts';
import { createSocketAuthority, type SocketAuthority } from '../graphql/socket-authority.ts';
import { startFanoutWorkerPool } from '../graphql/fanout-workers/fanout-worker-pool.ts';
import { executorForWorkers } from '../graphql/fanout-workers/execute-for-worker.ts';
import type { OrderBookFanout } from '../graphql/order-book/order-book-fanout.ts';
import type { DocumentCache } from '../graphql/document-cache.ts';
import type { GraphQLSchema } from 'graphql';
import type { Metrics } from '../observability/metrics.ts';

export function createBusinessGraphql(deps: {
  services: Omit<BusinessServices, 'orderBooks'>;
  /** Null with MARKET_DATA=off: orderBookUpdates then answers SERVICE_UNAVAILABLE. */
  marketData: MarketDataFeed | null;
  server: Server;
  credentials: CredentialResolver;
  /** POST /graphql's rate limit, for the fast lane and socket operations (the route's guard counts the same). */
  rateLimit: ClientRateLimit | null;
  /** Refused keys per client address (docs/identity.md#failed-credentials), on the fast lane and the sockets. */
  failedCredentials: FailedCredentialLimit;
  /** Caps on the graphql-ws sockets (docs/identity.md#sockets). */
  socketCaps: SocketCaps;
  /** FANOUT_WORKERS: above 1 (with market data on), worker processes serve the sockets (docs/market-data.md#fan-out). */
  fanoutWorkers: number;
  /** Subscribes to key changes made anywhere (create-identity.ts), so open sockets are checked again. */
  onApiKeyChanged: (listener: () => void) => void;
  /** GRAPHQL_MAX_COST (0: none) and the per-minute cost budget (null: off). */
  cost: { maxCost: number; budget: CostBudget | null };
  requestTimeoutMs: number;
  logger: Logger;
  metrics: Metrics;
}) {
  const { logger } = deps;
  const orderBooks = deps.marketData
    ? createOrderBookFanout({ feed: deps.marketData, observer: deps.metrics.orderBookSubscriptions })
    : null;
  const schema = createBusinessSchema({ services: { ...deps.services, orderBooks } });
  const documents = createDocumentCache({ observer: deps.metrics.cache('graphql_documents') });
  // One cost check for every way an operation runs: both ways of POST /graphql and the sockets.
  const guardCost = createOperationCostGuard({ schema, weights: rootFieldWeights, ...deps.cost });
  const authority = createSocketAuthority({
    authenticateApiKey: (key) => deps.credentials.fromApiKey(key),
    rateLimit: deps.rateLimit,
    failedCredentials: deps.failedCredentials,
    caps: deps.socketCaps,
    documents,
    guardCost,
  });
  const drainSockets = startSockets(deps, { schema, documents, authority, orderBooks });
  deps.onApiKeyChanged(() => {
    authority
      .recheckKeys()
      .catch((error: unknown) => logger.error({ err: error }, 'checking the open sockets’ API keys failed'));
  });
  const answer = createGraphqlAnswerer(schema, documents, logger, guardCost, deps.metrics.graphqlOperation);
  return {
    transports: { postGraphql: graphqlTransport(answer, logger) },
    /** The app's listener with POST /graphql's fast lane in front (graphql-fast-lane.ts). */
    withFastLane: (koa: RequestListener, app: { readonly proxy: boolean }) =>
      withGraphqlFastLane(koa, app, {
        answer,
        authenticateApiKey: (secret) => deps.credentials.fromApiKey(secret),
        failedCredentials: deps.failedCredentials,
        rateLimit: deps.rateLimit,
        requestTimeoutMs: deps.requestTimeoutMs,
        logger,
        metrics: deps.metrics,
      }),
    drainers: [drainSockets.drain],
    closers: drainSockets.closers,
  };
}

/**
 * The graphql-ws sockets on /graphql: served here, or with FANOUT_WORKERS above 1 and market
 * data on, handed to that many worker processes (docs/market-data.md#fan-out). Either way one
 * socket authority per node decides what they may do.
 */
function startSockets(
  deps: Parameters<typeof createBusinessGraphql>[0],
  parts: {
    schema: GraphQLSchema;
    documents: DocumentCache;
    authority: SocketAuthority;
    orderBooks: OrderBookFanout | null;
  },
) {
  const { logger, metrics } = deps;
  if (deps.fanoutWorkers > 1 && deps.marketData) {
    const pool = startFanoutWorkerPool({
      workers: deps.fanoutWorkers,
      server: deps.server,
      feed: deps.marketData,
      authority: parts.authority,
      execute: executorForWorkers(parts.schema, parts.documents, logger),
      logger,
      registry: metrics.registry,
    });
    metrics.mergeFrom(() => pool.workerMetrics());
    return {
      drain: (deadline: AbortSignal) => pool.drain(deadline).finally(() => parts.orderBooks?.close()),
      closers: [() => pool.close()],
    };
  }
  const subscriptions = startSubscriptionServer({ server: deps.server, ...parts, logger, metrics });
  return {
    drain: (deadline: AbortSignal) => subscriptions.drain(deadline).finally(() => parts.orderBooks?.close()),
    closers: [],
  };
}
