// The data layer's live-query refreshes (docs/metrics.md#live-queries): cohort refreshes and the
// SQL statements they ran, so an operator (and bench/live-query-bench.ts) can see the multiplexing
// hold: one statement per query shape per refresh (docs/data-layer.md#multiplexing).
import { Counter, type Registry } from 'prom-client';

export interface LiveQueryMetrics {
  /** One cohort refreshed with `statements` multiplexed statements. */
  refreshed(statements: number): void;
}

export function createLiveQueryMetrics(registry: Registry): LiveQueryMetrics {
  const refreshes = new Counter({
    name: 'data_live_query_refreshes_total',
    help: 'Live-query cohort refreshes (one query shape refreshed for all its subscribers)',
    registers: [registry],
  });
  const statements = new Counter({
    name: 'data_live_query_statements_total',
    help: 'SQL statements run by live-query cohort refreshes',
    registers: [registry],
  });
  return {
    refreshed(count) {
      refreshes.inc();
      statements.inc(count);
    },
  };
}
