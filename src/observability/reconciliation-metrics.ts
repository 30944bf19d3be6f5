// The reconciliation of the journal with the custodian (docs/metrics.md#reconciliation): per asset,
// the wallets whose books differ in the last completed run; wallets the custodian would not give
// balances of; when a run last completed; runs by outcome. Label values are coin symbols of the
// platform's `coin` table (the only assets compared), never a wallet: the series stay bounded.
import { Counter, Gauge, type Registry } from 'prom-client';

/** A completed run, as the metrics count it. */
export interface CompletedReconciliation {
  /** Every asset compared, with the wallets drifting in it (0 when none). */
  driftsByAsset: Readonly<Record<string, number>>;
  unreadableWallets: number;
  finishedAt: Date;
}

export interface ReconciliationMetrics {
  completed(run: CompletedReconciliation): void;
  failed(): void;
}

export function createReconciliationMetrics(registry: Registry): ReconciliationMetrics {
  const drifts = new Gauge({
    name: 'custody_reconciliation_drifts',
    help: 'Wallets whose journal balances differ from the custodian, by asset, in the last completed reconciliation',
    labelNames: ['asset'] as const,
    registers: [registry],
  });
  const unreadable = new Gauge({
    name: 'custody_reconciliation_unreadable_wallets',
    help: 'Wallets the custodian gave no balances of in the last completed reconciliation',
    registers: [registry],
  });
  const lastCompleted = new Gauge({
    name: 'custody_reconciliation_last_completed_timestamp_seconds',
    help: 'When the last reconciliation with the custodian completed (Unix time)',
    registers: [registry],
  });
  const runs = new Counter({
    name: 'custody_reconciliation_runs_total',
    help: 'Reconciliations with the custodian, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    completed(run) {
      // Assets no longer compared drop out; the rest are set in the same tick, so no scrape sees a gap.
      drifts.reset();
      for (const asset of Object.keys(run.driftsByAsset).sort()) drifts.set({ asset }, run.driftsByAsset[asset]!);
      unreadable.set(run.unreadableWallets);
      lastCompleted.set(run.finishedAt.getTime() / 1000);
      const drifted = Object.values(run.driftsByAsset).some((count) => count > 0) || run.unreadableWallets > 0;
      runs.inc({ outcome: drifted ? 'drift' : 'agree' });
    },
    failed: () => runs.inc({ outcome: 'failed' }),
  };
}
