// The one place that tells a database fault from any other error (docs/database.md#database-faults):
// what pg, pg-pool and Node's sockets raise when the server cannot be reached or answered too
// late. Everything else (a violated constraint, a bad value, a bug) is not a fault and stays as
// thrown. src/db/guarded-pool.ts turns a fault into SERVICE_UNAVAILABLE.
import type { DatabaseFaultKind } from '../errors/unavailable-errors.ts';

export interface DatabaseFault {
  readonly kind: DatabaseFaultKind;
  /** Short and free of addresses: an SQLSTATE, a socket error code or a pg message, for the outage log. */
  readonly cause: string;
}

/** Socket errors of a server that is down, unreachable or gone mid-connection. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that refuses or drops us (PostgreSQL appendix A): class 08 connection
 * exceptions, 57P01-57P03 administrator shutdown, crash shutdown, cannot connect now, 53300 too
 * many connections, class 28 invalid authorization (the database is as unusable as a stopped one).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('28') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** pg and pg-pool raise these without a code. */
const messageFaults: readonly [RegExp, DatabaseFaultKind][] = [
  [/^Connection terminated due to connection timeout/, 'no-answer'],
  [/^Connection terminated/, 'unavailable'],
  [/is not queryable$/, 'unavailable'],
  [/^timeout exceeded when trying to connect$/, 'pool-busy'],
];

export function databaseFaultOf(error: unknown): DatabaseFault | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === '57014') return { kind: 'statement-timeout', cause: code };
    if (isUnavailableState(code) || socketCodes.has(code)) return { kind: 'unavailable', cause: code };
  }
  for (const [pattern, kind] of messageFaults) if (pattern.test(error.message)) return { kind, cause: error.message };
  // AggregateError of a host with several addresses (localhost: ::1 and 127.0.0.1), each refused.
  if (error instanceof AggregateError) return error.errors.map(databaseFaultOf).find((fault) => fault) ?? null;
  return null;
}
