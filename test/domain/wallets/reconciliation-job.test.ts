// The reconciliation job's schedule and reporting (docs/ledger.md#reconciliation), on a clock the
// test drives (test/domain/prices/manual-refresh-clock.ts) and a reconciliation the test answers
// for: a first run at once, the next an interval after a run ends, never two at once; a completed
// run's metrics (read back from prom-client's exposition) and warn lines; a failed run counted and
// logged, the schedule going on; stop waiting for the run in flight and aborting it.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Registry } from 'prom-client';
import type { OrganizationScope } from '../../../src/access/organization-scope.ts';
import type { CustodyReconciliation, ReconcileOptions } from '../../../src/domain/wallets/custody-reconciliation.ts';
import { createReconciliationJob } from '../../../src/domain/wallets/reconciliation-job.ts';
import type { ReconciliationReport } from '../../../src/domain/wallets/reconciliation-report.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createReconciliationMetrics } from '../../../src/observability/reconciliation-metrics.ts';
import { manualRefreshClock } from '../prices/manual-refresh-clock.ts';

const intervalMs = 900_000;
const at = new Date('2026-12-06T10:00:00.000Z');

const report: ReconciliationReport = {
  organizationId: null,
  startedAt: at,
  finishedAt: new Date(at.getTime() + 1500),
  walletsCompared: 3,
  driftsByAsset: { BTC: 1, ETH: 0 },
  drifts: [
    {
      walletId: 12,
      organizationId: 'org-1',
      custodianWalletId: 'c'.repeat(32),
      asset: 'BTC',
      posted: { journal: 10_000_000n, custodian: 12_500_000n, difference: -2_500_000n },
      available: { journal: 10_000_000n, custodian: 12_500_000n, difference: -2_500_000n },
      behind: [],
      lastSyncedAt: null,
    },
  ],
  unreadable: [
    { walletId: 4, organizationId: 'org-1', custodianWalletId: 'd'.repeat(24), coin: 'AVAX', reason: 'notFound' },
  ],
};

/** A reconciliation whose runs the test ends: each call waits until `finish` or `fail`. */
function heldReconciliation() {
  const calls: { scope: OrganizationScope; signal: AbortSignal | undefined }[] = [];
  let settle: { resolve: (report: ReconciliationReport) => void; reject: (error: Error) => void } | undefined;
  const reconciliation: CustodyReconciliation = {
    reconcile(scope, options: ReconcileOptions = {}) {
      calls.push({ scope, signal: options.signal });
      return new Promise((resolve, reject) => {
        if (options.signal?.aborted) return reject(options.signal.reason);
        settle = { resolve, reject };
        options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
      });
    },
  };
  return {
    reconciliation,
    calls,
    finish: () => settle!.resolve(report),
    fail: (error: Error) => settle!.reject(error),
  };
}

function harness() {
  const clock = manualRefreshClock(at.toISOString());
  const registry = new Registry();
  const lines: Record<string, any>[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const held = heldReconciliation();
  const job = createReconciliationJob({
    reconciliation: held.reconciliation,
    intervalMs,
    metrics: createReconciliationMetrics(registry),
    logger,
    clock,
  });
  const series = async () => (await registry.metrics()).split('\n').filter((line) => line && !line.startsWith('#'));
  return { clock, lines, held, job, series };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

test('a first run at once, the next an interval after it ends; a completed run sets the metrics and logs each drift', async () => {
  const { clock, lines, held, job, series } = harness();
  const stop = job.start();
  assert.equal(clock.pendingDelays, [0]);
  clock.fireNext();
  assert.is(held.calls.length, 1);
  assert.is(held.calls[0]!.scope.organizationId, null, 'every organization');
  // A run asked for meanwhile joins the one in flight.
  const joined = job.runNow();
  assert.is(held.calls.length, 1);
  held.finish();
  assert.is(await joined, report);
  await settled();
  assert.equal(clock.pendingDelays, [intervalMs]);
  assert.equal(await series(), [
    'custody_reconciliation_drifts{asset="BTC"} 1',
    'custody_reconciliation_drifts{asset="ETH"} 0',
    'custody_reconciliation_unreadable_wallets 1',
    `custody_reconciliation_last_completed_timestamp_seconds ${report.finishedAt.getTime() / 1000}`,
    'custody_reconciliation_runs_total{outcome="drift"} 1',
  ]);
  const warnings = lines.filter((line) => line.level === 40);
  assert.equal(
    warnings.map((line) => [line.msg, line.walletId, line.postedDifference ?? line.reason]),
    [
      ['journal differs from the custodian', 12, '-2500000'],
      ['custodian gave no balances of a wallet', 4, 'notFound'],
    ],
  );
  assert.equal(lines.at(-1)?.msg, 'custody reconciliation completed');
  assert.equal([lines.at(-1)?.drifts, lines.at(-1)?.unreadable, lines.at(-1)?.ms], [1, 1, 1500]);
  await stop();
});

test('a failed run is counted and logged, and the next one still comes', async () => {
  const { clock, lines, held, job, series } = harness();
  const stop = job.start();
  clock.fireNext();
  held.fail(new Error('custodian refused getWalletBalances'));
  await settled();
  // Nothing completed: the gauges keep what they held (here prom-client's 0, before any run).
  assert.equal(await series(), [
    'custody_reconciliation_unreadable_wallets 0',
    'custody_reconciliation_last_completed_timestamp_seconds 0',
    'custody_reconciliation_runs_total{outcome="failed"} 1',
  ]);
  assert.equal(
    lines.map((line) => [line.level, line.msg, line.err?.message]),
    [[40, 'custody reconciliation failed; the next run is an interval later', 'custodian refused getWalletBalances']],
  );
  assert.equal(clock.pendingDelays, [intervalMs]);
  clock.fireNext();
  assert.is(held.calls.length, 2);
  held.finish();
  await settled();
  await stop();
  assert.equal(clock.pendingDelays, []);
});

test('stop aborts the run in flight, waits for it, and schedules nothing more; nothing is counted', async () => {
  const { clock, held, job, series } = harness();
  const stop = job.start();
  clock.fireNext();
  await stop();
  assert.is(held.calls[0]!.signal?.aborted, true);
  assert.equal(clock.pendingDelays, []);
  assert.equal(await series(), [
    'custody_reconciliation_unreadable_wallets 0',
    'custody_reconciliation_last_completed_timestamp_seconds 0',
  ]);
  assert.is(await job.runNow(), null);
});

test.run();
