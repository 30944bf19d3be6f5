// The SERVICE_UNAVAILABLE errors of database faults and of the request deadline
// (docs/database.md#database-faults): what the client may assume about its writes, and when
// to retry. They are quiet: the outage is logged once (src/db/database-outage.ts), not per request.
import { AppError } from './app-error.ts';

/** Seconds a client waits before retrying after a database fault or a request deadline. */
export const unavailableRetryAfterSeconds = 5;

/**
 * - `unavailable`: no connection, or the connection broke (refused, terminated, shut down, too many connections)
 * - `no-answer`: the server stayed silent past its own statement timeout, or past the connect timeout
 * - `pool-busy`: every pool connection stayed in use for the whole connect timeout
 * - `statement-timeout`: the server cancelled a statement that ran past DB_STATEMENT_TIMEOUT_MS
 */
export type DatabaseFaultKind = 'unavailable' | 'no-answer' | 'pool-busy' | 'statement-timeout';

const faultMessages: Record<DatabaseFaultKind, string> = {
  unavailable: 'database unavailable: try again later',
  'no-answer': 'database unavailable: it did not answer in time; try again later',
  'pool-busy': 'database busy: no connection became free in time; try again later',
  'statement-timeout':
    'database statement timeout: a statement ran longer than allowed and was cancelled, and its transaction rolled back',
};

const commitUnconfirmed =
  'the database did not confirm the commit: the writes of this request may or may not have been applied; read them back before retrying';

export function databaseFaultError(
  kind: DatabaseFaultKind,
  options: { duringCommit: boolean; cause: unknown },
): AppError {
  const message = options.duringCommit && kind !== 'statement-timeout' ? commitUnconfirmed : faultMessages[kind];
  return new AppError('SERVICE_UNAVAILABLE', message, {
    retryAfterSeconds: unavailableRetryAfterSeconds,
    quiet: true,
    cause: options.cause,
  });
}

/** The answer at REQUEST_TIMEOUT_MS; a COMMIT in flight at that moment leaves the outcome open. */
export function requestDeadlineExceeded(deadline: { timeoutMs: number; commitsInFlight: number }): AppError {
  const outcome =
    deadline.commitsInFlight > 0
      ? 'a commit was in flight: its writes may or may not have been applied; read them back before retrying'
      : 'a transaction it had open is rolled back, never committed';
  return new AppError('SERVICE_UNAVAILABLE', `the request did not finish within ${deadline.timeoutMs} ms: ${outcome}`, {
    retryAfterSeconds: unavailableRetryAfterSeconds,
    quiet: true,
  });
}
