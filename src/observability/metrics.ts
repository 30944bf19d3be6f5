// Prometheus metrics (prom-client), one registry per service (docs/metrics.md): process metrics,
// requests on both servers, the database pool and faults, the PDF engine, the bounded caches, rate
// limits, GraphQL operations, the order-book subscription and the reconciliation with the
// custodian, the data layer's live-query refreshes. Each part lives in its own file; this one only puts them together.
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, Registry } from 'prom-client';
import { type NamedCacheObserver, createCacheMetrics } from './cache-metrics.ts';
import { type DatabaseHealthMetrics, createDatabaseHealthMetrics } from './database-health-metrics.ts';
import { type PoolCounts, createDatabasePoolMetrics } from './database-pool-metrics.ts';
import { type GraphqlOutcome, createGraphqlMetrics } from './graphql-metrics.ts';
import { type RequestObservation, createHttpMetrics } from './http-metrics.ts';
import { type LiveQueryMetrics, createLiveQueryMetrics } from './live-query-metrics.ts';
import { type PdfMetrics, createPdfMetrics } from './pdf-metrics.ts';
import { registerProcessMetrics } from './process-metrics.ts';
import { createRateLimitMetrics } from './rate-limit-metrics.ts';
import { type ReconciliationMetrics, createReconciliationMetrics } from './reconciliation-metrics.ts';
import { type SubscriptionMetrics, createSubscriptionMetrics } from './subscription-metrics.ts';

/** Another process' metrics, as prom-client reads a registry (the fan-out workers', docs/market-data.md#fan-out). */
export type MetricSource = () => Promise<MetricObjectWithValues<MetricValue<string>>[][]>;

export interface Metrics {
  readonly registry: Registry;
  /** The exposition: this registry's metrics, summed with those of every source merged in. */
  text(): Promise<string>;
  /** Adds the metrics of other processes of this node to the exposition, summed as prom-client sums a cluster's. */
  mergeFrom(source: MetricSource): void;
  observeRequest(request: RequestObservation, seconds: number): void;
  watchDatabasePool(read: () => PoolCounts): void;
  readonly database: DatabaseHealthMetrics;
  readonly pdf: PdfMetrics;
  cache(name: string): NamedCacheObserver;
  rateLimited(limit: string): void;
  graphqlOperation(operation: string, outcome: GraphqlOutcome): void;
  readonly orderBookSubscriptions: SubscriptionMetrics;
  readonly reconciliation: ReconciliationMetrics;
  readonly liveQueries: LiveQueryMetrics;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  registerProcessMetrics(registry);
  const sources: MetricSource[] = [];
  return {
    registry,
    text: () => exposition(registry, sources),
    mergeFrom: (source) => void sources.push(source),
    observeRequest: createHttpMetrics(registry),
    watchDatabasePool: createDatabasePoolMetrics(registry),
    database: createDatabaseHealthMetrics(registry),
    pdf: createPdfMetrics(registry),
    cache: createCacheMetrics(registry),
    rateLimited: createRateLimitMetrics(registry),
    graphqlOperation: createGraphqlMetrics(registry),
    orderBookSubscriptions: createSubscriptionMetrics(registry),
    reconciliation: createReconciliationMetrics(registry),
    liveQueries: createLiveQueryMetrics(registry),
  };
}

async function exposition(registry: Registry, sources: readonly MetricSource[]): Promise<string> {
  if (sources.length === 0) return registry.metrics();
  const others = (await Promise.all(sources.map((source) => source()))).flat();
  const own = await registry.getMetricsAsJSON();
  return AggregatorRegistry.aggregate([own, ...others]).metrics();
}
