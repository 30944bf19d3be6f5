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

/** A deadline its clock is running: what its expiry does, and its place in the clock's list. */
interface RunningDeadline extends RequestDeadline {
  readonly onExpired: (deadline: RequestDeadline) => void;
  /** The one started before and the one after it, while it runs. */
  earlier: RunningDeadline | null;
  later: RunningDeadline | null;
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
 * expire in the order they started, so one timer serves them all: armed for the oldest one's
 * expiry and, when it fires, re-armed for the oldest one still running. They are kept in a list
 * in that order, linked through themselves: a request costs two links set and cut, where a timer
 * of its own was an object, a closure and an entry in Node's timer lists, made and cleared on
 * every request of both servers.
 */
class DeadlineClock {
  readonly #timeoutMs: number;
  #oldest: RunningDeadline | null = null;
  #newest: RunningDeadline | null = null;
  #timer: NodeJS.Timeout | null = null;
  readonly #fire = () => this.#expireDue();

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
      earlier: this.#newest,
      later: null,
    };
    if (this.#newest) this.#newest.later = deadline;
    else this.#oldest = deadline;
    this.#newest = deadline;
    if (this.#timer === null) this.#arm(deadline.expiresAt);
    else if (this.#oldest === deadline) this.#timer.ref();
    return deadline;
  }

  /** Takes a running deadline out of the list. */
  stop(deadline: RequestDeadline): void {
    const running = deadline as RunningDeadline;
    const { earlier, later } = running;
    if (earlier) earlier.later = later;
    else if (this.#oldest === running) this.#oldest = later;
    else return; // not running: stopped already
    if (later) later.earlier = earlier;
    else this.#newest = earlier;
    running.earlier = null;
    running.later = null;
    // The timer stays armed for a deadline gone, but holds the process only while one runs: a
    // process that has stopped serving exits without waiting for it.
    if (this.#oldest === null) this.#timer?.unref();
  }

  #arm(expiresAt: number): void {
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(expiresAt - performance.now())));
  }

  #expireDue(): void {
    this.#timer = null;
    const now = performance.now();
    const due: RunningDeadline[] = [];
    for (let oldest = this.#oldest; oldest; oldest = this.#oldest) {
      if (oldest.expiresAt > now) {
        this.#arm(oldest.expiresAt);
        break;
      }
      this.stop(oldest);
      oldest.expired = true;
      due.push(oldest);
    }
    for (const deadline of due) deadline.onExpired(deadline);
  }
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
