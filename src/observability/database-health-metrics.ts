// Whether the database is reachable, and its faults by kind (docs/metrics.md#database-faults):
// per-request logs of database faults are suppressed, so these are where their rate shows.
import { Counter, Gauge, type Registry } from 'prom-client';

export interface DatabaseHealthMetrics {
  /** The outage log's view: 1 reachable, 0 unavailable. */
  setUp(up: boolean): void;
  /** One database fault (`unavailable`, `no-answer`, `pool-busy`, `statement-timeout`). */
  fault(kind: string): void;
  /** A pool checkout that failed (`refused`) or waited over a second (`slow`): docs/database.md#connection-budget. */
  checkout(kind: 'refused' | 'slow'): void;
}

export function createDatabaseHealthMetrics(registry: Registry): DatabaseHealthMetrics {
  const up = new Gauge({
    name: 'db_up',
    help: 'Whether the database is reachable (1) or unavailable (0), as its queries find it',
    registers: [registry],
  });
  up.set(1);
  const faults = new Counter({
    name: 'db_faults_total',
    help: 'Database faults answered 503, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'db_pool_checkouts_short_total',
    help: 'Pool checkouts that got no connection (refused) or waited over a second for one (slow)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  return {
    checkout: (kind) => checkouts.inc({ kind }),
    setUp: (reachable) => up.set(reachable ? 1 : 0),
    fault: (kind) => faults.inc({ kind }),
  };
}
