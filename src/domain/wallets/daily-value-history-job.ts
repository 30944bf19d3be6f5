// The value history's daily job (docs/valuation.md#value-history): in the service process, at
// start and then at every UTC midnight, it refreshes the coin prices, then writes today's point of
// every wallet and back-fills the days missed since each wallet's latest point (at most
// `maxBackfillDays`), one statement per day. Every node runs it: the writes are idempotent
// (one point per wallet and day, daily-value-points-table.ts), so a second node only repeats
// a few statements that write nothing. A failed run is logged and tried again a minute later.
import type { Logger } from 'pino';
import type { DailyValuePointsTable, UtcDay } from '../../records/wallets/daily-value-points-table.ts';
import { type RefreshClock, systemRefreshClock } from '../prices/refresh-clock.ts';

/** Days before today a back-fill reaches at most: a year, so a long outage costs a bounded start. */
export const maxBackfillDays = 366;
/** How long after a failed run the next one starts. */
export const retryAfterFailureMs = 60_000;

const dayMs = 86_400_000;

export interface DailyValueHistoryRun {
  /** The first day a point was due on, `YYYY-MM-DD`: after `to` when none was due. */
  from: UtcDay;
  /** Today, the last day written. */
  to: UtcDay;
  /** Points written (0 when every wallet had them). */
  written: number;
}

export interface DailyValueHistoryJob {
  /** Runs at once, then at every UTC midnight; returns the stop function (waits for a run in flight). */
  start(): () => Promise<void>;
  /** One run now (joining one already running); throws what the database threw. */
  runNow(): Promise<DailyValueHistoryRun>;
}

export interface DailyValueHistoryDeps {
  table: DailyValuePointsTable;
  logger: Logger;
  /** Brings the coin prices up to date first, so today's point is valued at today's price. */
  refreshPrices?: () => Promise<unknown>;
  clock?: RefreshClock;
}

export function createDailyValueHistoryJob(deps: DailyValueHistoryDeps): DailyValueHistoryJob {
  const clock = deps.clock ?? systemRefreshClock;
  let running: Promise<DailyValueHistoryRun> | undefined;
  const runNow = () => {
    running ??= writeMissingDays(deps, clock.now()).finally(() => {
      running = undefined;
    });
    return running;
  };
  return { runNow, start: () => startSchedule(deps.logger, clock, runNow) };
}

async function writeMissingDays(deps: DailyValueHistoryDeps, now: Date): Promise<DailyValueHistoryRun> {
  await deps.refreshPrices?.();
  const today = utcDay(now.getTime());
  const from = laterDay((await deps.table.firstMissingDay()) ?? today, utcDay(now.getTime() - maxBackfillDays * dayMs));
  let written = 0;
  for (const day of daysFrom(from, today)) written += await deps.table.writeDay(day, today);
  return { from, to: today, written };
}

function startSchedule(logger: Logger, clock: RefreshClock, runNow: () => Promise<DailyValueHistoryRun>) {
  let stopped = false;
  let timer: unknown;
  let inFlight: Promise<number> | undefined;
  const tick = () => {
    timer = undefined;
    inFlight = runNow().then(
      (run) => {
        if (run.written > 0) logger.info({ valueHistory: run }, 'value history points written');
        return untilNextDay(clock.now());
      },
      (error: unknown) => {
        logger.warn({ err: error, retryMs: retryAfterFailureMs }, 'value history run failed; trying again');
        return retryAfterFailureMs;
      },
    );
    void inFlight.then((delay) => {
      if (!stopped) timer = clock.setTimeout(tick, delay);
    });
  };
  timer = clock.setTimeout(tick, 0);
  return async () => {
    stopped = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    await inFlight;
  };
}

/** Milliseconds from `now` to the next UTC midnight (a whole day at midnight itself). */
function untilNextDay(now: Date): number {
  return dayMs - (now.getTime() % dayMs);
}

function utcDay(ms: number): UtcDay {
  return new Date(Math.floor(ms / dayMs) * dayMs).toISOString().slice(0, 10);
}

/** The later of two days (`YYYY-MM-DD` sorts as text). */
function laterDay(left: UtcDay, right: UtcDay): UtcDay {
  return left > right ? left : right;
}

/** Every day from `from` to `to`, both included; none when `from` is after `to`. */
function daysFrom(from: UtcDay, to: UtcDay): UtcDay[] {
  const days: UtcDay[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += dayMs) days.push(utcDay(ms));
  return days;
}
