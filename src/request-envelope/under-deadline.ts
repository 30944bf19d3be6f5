// REQUEST_TIMEOUT_MS on both ports (docs/database.md#database-faults): a request still running
// at its deadline is answered by its door, 408 REQUEST_TIMEOUT when its body was still arriving,
// else 503 SERVICE_UNAVAILABLE with Retry-After (src/errors/request-deadline-errors.ts), and the
// database guard sends no further statement for it but a ROLLBACK (src/request-scope/request-deadline.ts).
// The Koa app awaits one promise that settles at the deadline (`underDeadline`); the plain node
// doors answer from the deadline's own callback (`doorDeadline`), which costs a request less.
import type { IncomingMessage } from 'node:http';
import type { AppError } from '../errors/app-error.ts';
import { deadlineError } from '../errors/request-deadline-errors.ts';
import { type RequestDeadline, startDeadline, withRequestDeadline } from '../request-scope/request-deadline.ts';

// What a door does with the deadline `doorDeadline` started: the envelope stays the doors' one way to it.
export { runWithin, stopDeadline } from '../request-scope/request-deadline.ts';

/**
 * Runs `work` for `request` under a deadline of `timeoutMs`; 0 or less: none, and then no timer,
 * scope or closure is made for it.
 */
export function underDeadline<T>(request: IncomingMessage, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  if (timeoutMs <= 0) return work();
  return withRequestDeadline(timeoutMs, work, (deadline) => deadlineError(request, deadline));
}

/**
 * Starts `request`'s deadline of `timeoutMs` (0 or less: none): at its expiry `answer` is called
 * with the door's error for it. The door runs its work with `runWithin` and, once the work
 * settled, answers only if `stopDeadline` says the deadline had not expired.
 */
export function doorDeadline(
  request: IncomingMessage,
  timeoutMs: number,
  answer: (error: AppError) => void,
): RequestDeadline | undefined {
  if (timeoutMs <= 0) return undefined;
  return startDeadline(timeoutMs, (deadline) => answer(deadlineError(request, deadline)));
}
