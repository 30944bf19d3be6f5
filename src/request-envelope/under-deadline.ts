// REQUEST_TIMEOUT_MS on both ports (docs/database.md#database-faults): a request still running
// at its deadline is answered by its door, 408 REQUEST_TIMEOUT when its body was still arriving,
// else 503 SERVICE_UNAVAILABLE with Retry-After (src/errors/request-deadline-errors.ts), and the
// database guard sends no further statement for it but a ROLLBACK (src/request-scope/request-deadline.ts).
import type { IncomingMessage } from 'node:http';
import { deadlineErrorFor } from '../errors/request-deadline-errors.ts';
import { withRequestDeadline } from '../request-scope/request-deadline.ts';

/**
 * Runs `work` for `request` under a deadline of `timeoutMs`; 0 or less: none, and then no timer,
 * scope or closure is made for it.
 */
export function underDeadline<T>(request: IncomingMessage, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  if (timeoutMs <= 0) return work();
  return withRequestDeadline(timeoutMs, work, deadlineErrorFor(request));
}
