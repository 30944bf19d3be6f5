// The database pool's connections in use and idle, and the queries waiting for one
// (docs/metrics.md#database-pool), read from the pool when Prometheus scrapes.
import { Gauge, type Registry } from 'prom-client';

export interface PoolCounts {
  /** Connections open, in use or idle (pg's `totalCount`). */
  readonly total: number;
  /** Connections open and idle (pg's `idleCount`). */
  readonly idle: number;
  /** Queries waiting for a connection (pg's `waitingCount`). */
  readonly waiting: number;
}

export function createDatabasePoolMetrics(registry: Registry): (read: () => PoolCounts) => void {
  let reads: (() => PoolCounts)[] = [];
  const sum = (pick: (counts: PoolCounts) => number) => reads.reduce((total, read) => total + pick(read()), 0);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (in_use, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set(
        { state: 'in_use' },
        sum((counts) => counts.total - counts.idle),
      );
      this.set(
        { state: 'idle' },
        sum((counts) => counts.idle),
      );
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries waiting for a database pool connection',
    registers: [registry],
    collect() {
      this.set(sum((counts) => counts.waiting));
    },
  });
  return (read) => {
    reads = [...reads, read];
  };
}
