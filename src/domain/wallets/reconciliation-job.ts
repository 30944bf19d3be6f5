// The periodic reconciliation of the journal with the custodian (docs/ledger.md#reconciliation,
// RECONCILE_INTERVAL_SECONDS in docs/configuration.md): every interval it reconciles every
// organization's wallets, sets the metrics (docs/metrics.md#reconciliation) and writes a `warn`
// line per drifting wallet and asset with the figures, and per unreadable wallet. Runs never
// overlap: the next is scheduled when one ends, on the injected clock (unref'd timers by default,
// docs/providers.md#price-refresh has the same scheme). A failed run is logged and counted, never
// thrown out of the timer. It only reads, so each node runs its own (docs/service.md#scale-out).
import type { Logger } from 'pino';
import { everyOrganization } from '../../access/organization-scope.ts';
import type { ReconciliationMetrics } from '../../observability/reconciliation-metrics.ts';
import { type RefreshClock, systemRefreshClock } from '../prices/refresh-clock.ts';
import type { CustodyReconciliation } from './custody-reconciliation.ts';
import type { AssetDrift, ReconciliationReport } from './reconciliation-report.ts';

export interface ReconciliationJobOptions {
  reconciliation: CustodyReconciliation;
  /** From the end of one run to the start of the next. */
  intervalMs: number;
  metrics: ReconciliationMetrics;
  logger: Logger;
  clock?: RefreshClock;
}

export interface ReconciliationJob {
  /** Starts: a first run at once, then one an interval after each ends. Returns the stop function. */
  start(): () => Promise<void>;
  /** One run now (joining one already running); null when it failed or was stopped. Never throws. */
  runNow(): Promise<ReconciliationReport | null>;
}

export function createReconciliationJob(options: ReconciliationJobOptions): ReconciliationJob {
  const clock = options.clock ?? systemRefreshClock;
  const stopping = new AbortController();
  let running: Promise<ReconciliationReport | null> | undefined;
  const runNow = () =>
    (running ??= runOnce(options, stopping.signal).finally(() => {
      running = undefined;
    }));
  return { runNow, start: () => schedule(clock, options.intervalMs, runNow, stopping, () => running) };
}

function schedule(
  clock: RefreshClock,
  intervalMs: number,
  runNow: () => Promise<unknown>,
  stopping: AbortController,
  current: () => Promise<unknown> | undefined,
): () => Promise<void> {
  let timer: unknown;
  const tick = () => {
    timer = undefined;
    void runNow().then(() => {
      if (!stopping.signal.aborted) timer = clock.setTimeout(tick, intervalMs);
    });
  };
  timer = clock.setTimeout(tick, 0);
  return async () => {
    stopping.abort();
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    // Shutdown closes the pool next: a run in flight stops at its next wallet, and is waited for.
    await current();
  };
}

async function runOnce(options: ReconciliationJobOptions, signal: AbortSignal): Promise<ReconciliationReport | null> {
  const { logger, metrics } = options;
  try {
    const report = await options.reconciliation.reconcile(everyOrganization, { signal });
    metrics.completed({
      driftsByAsset: report.driftsByAsset,
      unreadableWallets: report.unreadable.length,
      finishedAt: report.finishedAt,
    });
    logReport(logger, report);
    return report;
  } catch (error) {
    if (signal.aborted) return null;
    metrics.failed();
    logger.warn({ err: error }, 'custody reconciliation failed; the next run is an interval later');
    return null;
  }
}

function logReport(logger: Logger, report: ReconciliationReport): void {
  for (const drift of report.drifts) logger.warn(driftFields(drift), 'journal differs from the custodian');
  for (const wallet of report.unreadable) logger.warn({ ...wallet }, 'custodian gave no balances of a wallet');
  logger.info(
    {
      wallets: report.walletsCompared,
      drifts: report.drifts.length,
      unreadable: report.unreadable.length,
      ms: report.finishedAt.getTime() - report.startedAt.getTime(),
    },
    'custody reconciliation completed',
  );
}

/** The figures as decimal strings: base units exceed a JSON number's exact range (wei). */
export function driftFields(drift: AssetDrift) {
  return {
    walletId: drift.walletId,
    organizationId: drift.organizationId,
    custodianWalletId: drift.custodianWalletId,
    asset: drift.asset,
    journalPosted: drift.posted.journal.toString(),
    custodianConfirmed: drift.posted.custodian.toString(),
    postedDifference: drift.posted.difference.toString(),
    journalAvailable: drift.available.journal.toString(),
    custodianSpendable: drift.available.custodian.toString(),
    availableDifference: drift.available.difference.toString(),
    behindTransfers: drift.behind.map((transfer) => transfer.transferId),
    lastSyncedAt: drift.lastSyncedAt?.toISOString() ?? null,
  };
}
