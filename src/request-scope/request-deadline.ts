// The deadline of the request being served (REQUEST_TIMEOUT_MS, docs/database.md#database-faults),
// kept in AsyncLocalStorage: the transports open it, and the database guard reads it before each
// statement (src/db/guarded-pool.ts) without every service passing it along. A request answered
// at its deadline may leave work running; the guard then sends no further statement but a
// ROLLBACK, so nothing is committed after the client was told it failed.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Expiring, ExpiryQueue } from './expiry-queue.ts';

export interface RequestDeadline {
  readonly timeoutMs: number;
  /** `performance.now()` when it expires. */
  readonly expiresAt: number;
  /** Set when the deadline passed: the request has been answered. */
  expired: boolean;
  /** COMMITs sent and not answered yet: at expiry, whether the request's writes may have been applied. */
  commitsInFlight: number;
}

/** A deadline its clock is running: what its expiry does, and its place in the clock's queue. */
interface RunningDeadline extends RequestDeadline, Expiring<RunningDeadline> {
  /**
   * Dropped once the deadline stops or fires. Whatever the request's work created keeps the
   * deadline through the async context it captured (a socket's or a pool's idle timer, a pg
   * connection opened for it) and may outlive the request by seconds; through this callback it
   * would keep the whole request (its response, body and rows) that long.
   */
  onExpired: ((deadline: RequestDeadline) => void) | null;
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
 * The running deadlines of one length. Started one after another and all `timeoutMs` long, they
 * expire in the order they started: a queue of them (expiry-queue.ts) serves them all on one
 * timer, and a request costs two links set and cut.
 */
class DeadlineClock {
  readonly #timeoutMs: number;
  readonly #running = new ExpiryQueue<RunningDeadline>(expire);

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  start(onExpired: (deadline: RequestDeadline) => void): RequestDeadline {
    const timeoutMs = this.#timeoutMs;
    const deadline: RunningDeadline = {
      timeoutMs,
      expiresAt: performance.now() + timeoutMs,
      expired: false,
      commitsInFlight: 0,
      onExpired,
      earlier: null,
      later: null,
    };
    this.#running.add(deadline);
    return deadline;
  }

  /** Takes a running deadline out of the queue. */
  stop(deadline: RequestDeadline): void {
    const running = deadline as RunningDeadline;
    if (this.#running.remove(running)) running.onExpired = null;
  }
}

function expire(deadline: RunningDeadline): void {
  const { onExpired } = deadline;
  deadline.expired = true;
  deadline.onExpired = null;
  onExpired?.(deadline);
}

const clocks = new Map<number, DeadlineClock>();

function clockOf(timeoutMs: number): DeadlineClock {
  let clock = clocks.get(timeoutMs);
  if (!clock) {
    clock = new DeadlineClock(timeoutMs);
    clocks.set(timeoutMs, clock);
  }
  return clock;
}

/**
 * Starts a deadline of `timeoutMs` (0 or less: none, and undefined is returned). At its expiry,
 * unless it was stopped first (`stopDeadline`), it is marked expired and `onExpired` is called:
 * for the door to answer at once. Its work runs in its scope (`runWithin`).
 */
export function startDeadline(
  timeoutMs: number,
  onExpired: (deadline: RequestDeadline) => void,
): RequestDeadline | undefined {
  return timeoutMs > 0 ? clockOf(timeoutMs).start(onExpired) : undefined;
}

/**
 * Stops `deadline` once its work settled: true when it had not expired, so the door answers now;
 * false when it had, and the door answered then.
 */
export function stopDeadline(deadline: RequestDeadline | undefined): boolean {
  if (!deadline) return true;
  if (deadline.expired) return false;
  clockOf(deadline.timeoutMs).stop(deadline);
  return true;
}

/** Runs `work` in `deadline`'s scope, where the database guard finds it; without one, as it is. */
export function runWithin<T>(deadline: RequestDeadline | undefined, work: () => Promise<T>): Promise<T> {
  return deadline ? scopes.run(deadline, work) : work();
}

/**
 * Runs `work` under a deadline of `timeoutMs` (0: none), for a caller that needs one promise: at
 * the deadline this rejects with `expiredError(deadline)` at once; `work` keeps running unawaited
 * and its outcome is dropped. The plain node doors answer from `startDeadline`'s callback instead,
 * which spares every request this wrapping promise.
 */
export function withRequestDeadline<T>(
  timeoutMs: number,
  work: () => Promise<T>,
  expiredError: (deadline: RequestDeadline) => Error,
): Promise<T> {
  if (timeoutMs <= 0) return work();
  return new Promise<T>((resolve, reject) => {
    const deadline = startDeadline(timeoutMs, (expired) => reject(expiredError(expired)));
    let running: Promise<T>;
    try {
      running = runWithin(deadline, work);
    } catch (error) {
      stopDeadline(deadline);
      reject(error);
      return;
    }
    // After the deadline nobody awaits the work: its late outcome is dropped here, never unhandled.
    running.then(
      (value) => {
        stopDeadline(deadline);
        resolve(value);
      },
      (error: unknown) => {
        stopDeadline(deadline);
        reject(error);
      },
    );
  });
}
