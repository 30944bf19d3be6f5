// Whether the database is reachable, as the queries of this process find it
// (docs/database.md#database-faults): one log line when it becomes unavailable, with the
// cause, and one when it is available again, never one per request. While it is unavailable a
// light probe runs every few seconds, so recovery is noticed without traffic.
import type { Logger } from 'pino';
import type { DatabaseFault } from './database-faults.ts';

export interface DatabaseOutage {
  /** A database operation begun at `startedAt` (`performance.now()`) succeeded. */
  succeeded(startedAt: number): void;
  /** A database operation begun at `startedAt` failed with a fault. */
  failed(startedAt: number, fault: DatabaseFault): void;
  readonly available: boolean;
  /** Stops the probe. */
  close(): void;
}

export interface DatabaseOutageOptions {
  logger: Logger;
  /** Told of every change (the `db_up` gauge). */
  onChange?: (available: boolean) => void;
  /** Told of every fault, whether or not it changed anything (the `db_faults_total` counter). */
  onFault?: (fault: DatabaseFault) => void;
  /** A trivial query through the guarded pool, run while the database is unavailable. */
  probe?: () => Promise<unknown>;
  probeEveryMs?: number;
}

export function createDatabaseOutage(options: DatabaseOutageOptions): DatabaseOutage {
  let available = true;
  // An outcome counts only for operations begun after the last change: a query that was already
  // waiting when the database came back must not report it gone again, nor the reverse.
  let changedAt = Number.NEGATIVE_INFINITY;
  let probing = false;

  function change(to: boolean): number {
    const previous = changedAt;
    available = to;
    changedAt = performance.now();
    options.onChange?.(to);
    return changedAt - previous;
  }

  // Created here, at start-up, outside any request: a timer inherits the request scope it was made in.
  const probe = options.probe;
  const timer = probe
    ? setInterval(() => {
        if (available || probing) return;
        probing = true;
        probe()
          .catch(() => {})
          .finally(() => (probing = false));
      }, options.probeEveryMs ?? 2_000).unref()
    : undefined;

  return {
    get available() {
      return available;
    },
    succeeded(startedAt) {
      if (available || startedAt < changedAt) return;
      const unavailableMs = Math.round(change(true));
      options.logger.info({ unavailableMs }, 'database available again');
    },
    failed(startedAt, fault) {
      options.onFault?.(fault);
      if (fault.kind !== 'unavailable' && fault.kind !== 'no-answer') return;
      if (!available || startedAt < changedAt) return;
      change(false);
      options.logger.error({ fault: fault.kind, cause: fault.cause }, 'database unavailable');
    },
    close() {
      clearInterval(timer);
    },
  };
}
