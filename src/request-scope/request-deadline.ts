// The deadline of the request being served (REQUEST_TIMEOUT_MS, docs/database.md#database-faults),
// kept in AsyncLocalStorage: the transports open it, and the database guard reads it before each
// statement (src/db/guarded-pool.ts) without every service passing it along. A request answered
// at its deadline may leave work running; the guard then sends no further statement but a
// ROLLBACK, so nothing is committed after the client was told it failed.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestDeadline {
  readonly timeoutMs: number;
  /** `performance.now()` when it expires. */
  readonly expiresAt: number;
  /** Set when the deadline passed: the request has been answered. */
  expired: boolean;
  /** COMMITs sent and not answered yet: at expiry, whether the request's writes may have been applied. */
  commitsInFlight: number;
}

const scopes = new AsyncLocalStorage<RequestDeadline>();

/** The deadline of the request this code runs for; none outside requests (start-up, timers). */
export function currentDeadline(): RequestDeadline | undefined {
  return scopes.getStore();
}

/** Milliseconds left, at least 0. */
export function remainingMs(deadline: RequestDeadline): number {
  return Math.max(0, deadline.expiresAt - performance.now());
}

/**
 * Runs `work` under a deadline of `timeoutMs` (0: none). At the deadline this rejects with
 * `expiredError(deadline)` at once; `work` keeps running unawaited and its outcome is dropped.
 * One timer and one promise per request: it runs on every request of both servers.
 */
export function withRequestDeadline<T>(
  timeoutMs: number,
  work: () => Promise<T>,
  expiredError: (deadline: RequestDeadline) => Error,
): Promise<T> {
  if (timeoutMs <= 0) return work();
  const deadline: RequestDeadline = {
    timeoutMs,
    expiresAt: performance.now() + timeoutMs,
    expired: false,
    commitsInFlight: 0,
  };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      deadline.expired = true;
      reject(expiredError(deadline));
    }, timeoutMs);
    const settle = () => clearTimeout(timer);
    let running: Promise<T>;
    try {
      running = scopes.run(deadline, work);
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    // After the deadline nobody awaits the work: its late outcome is dropped here, never unhandled.
    running.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
