// The reconciliation of the journal with the custodian for the composition root
// (docs/ledger.md#reconciliation): the service over the wallet records and the one custody
// provider, and its periodic job every RECONCILE_INTERVAL_SECONDS (none with 0), stopped at
// shutdown after the wallet it is reading.
import type { Logger } from 'pino';
import type { Db } from '../db/create-database.ts';
import { createCustodyReconciliation } from '../domain/wallets/custody-reconciliation.ts';
import { createReconciliationJob } from '../domain/wallets/reconciliation-job.ts';
import type { ReconciliationMetrics } from '../observability/reconciliation-metrics.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';
import { createCustodyReconciliationTable } from '../records/wallets/custody-reconciliation-table.ts';
import type { ShutdownStep } from './shutdown-steps.ts';

export function createReconciliation(deps: {
  db: Db;
  custody: CustodyProvider;
  intervalSeconds: number;
  metrics: ReconciliationMetrics;
  logger: Logger;
}) {
  const reconciliation = createCustodyReconciliation({
    table: createCustodyReconciliationTable(deps.db),
    custody: deps.custody,
  });
  if (deps.intervalSeconds === 0) return { reconciliation, closers: [] };
  const job = createReconciliationJob({
    reconciliation,
    intervalMs: deps.intervalSeconds * 1000,
    metrics: deps.metrics,
    logger: deps.logger,
  });
  const stop: ShutdownStep = job.start();
  return { reconciliation, closers: [stop] };
}
