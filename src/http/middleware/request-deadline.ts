// REQUEST_TIMEOUT_MS on the REST and business GraphQL port (docs/database.md#database-faults):
// a request still running at its deadline is answered by handle-errors.ts, 408 REQUEST_TIMEOUT
// when its body was still arriving, else 503 SERVICE_UNAVAILABLE with Retry-After
// (src/errors/request-deadline-errors.ts), and the database guard sends no further statement for
// it but a ROLLBACK.
// Uploads are exempt: their duration is the client's sending speed, which Node's own request
// timeout bounds; their statements keep DB_STATEMENT_TIMEOUT_MS.
import type { Context } from 'koa';
import { deadlineErrorFor } from '../../errors/request-deadline-errors.ts';
import { withRequestDeadline } from '../../request-scope/request-deadline.ts';

/** Runs `next` under the request's deadline, unless there is none or the request is an upload. */
export function underDeadline(ctx: Context, timeoutMs: number, next: () => Promise<unknown>): Promise<unknown> {
  if (timeoutMs <= 0 || ctx.request.is('multipart/form-data')) return next();
  return withRequestDeadline(timeoutMs, next, deadlineErrorFor(ctx.req));
}
