// The client-side limit of each statement a guarded pool sends (docs/database.md#database-faults):
// the server's own statement timeout plus a grace, so a silent, stalled server ends too, or what
// is left of the request's deadline if that is nearer. The running statements of one pool wait in
// one queue on one timer (src/request-scope/expiry-queue.ts); at a statement's limit its
// connection's socket is destroyed, so pg fails the statement and whatever was queued behind it,
// nothing more is sent on that connection, and PostgreSQL rolls back what it had open.
// pg's own `query_timeout` arms a timer per statement, which holds the statement and its rows
// until it is cleared: with it, under load, about 350 KB of every young collection moved to the
// old generation, to be marked there (docs/benchmarks-log.md#statement-limits-on-one-timer-2026-12-07).
import type pg from 'pg';
import { type Expiring, ExpiryQueue } from '../request-scope/expiry-queue.ts';
import { remainingMs, type RequestDeadline } from '../request-scope/request-deadline.ts';

/** How much longer than its own statement timeout the server may take to say it cancelled. */
const serverGraceMs = 1_000;

/** One running statement's limit. */
export interface StatementLimit extends Expiring<StatementLimit> {
  /** The limit, from when the statement was sent. */
  readonly ms: number;
  /** The request's deadline was nearer than the server's statement timeout. */
  readonly byDeadline: boolean;
  /** The connection given up at the limit. */
  readonly connection: pg.ClientBase;
  /** Set when the limit passed and the connection was given up. */
  expired: boolean;
}

export interface StatementLimits {
  /** The limit of a statement sent now on `connection`; none without a server timeout or a deadline. */
  start(connection: pg.ClientBase, deadline: RequestDeadline | undefined): StatementLimit | undefined;
  /** The statement was answered: its limit no longer runs. */
  stop(limit: StatementLimit | undefined): void;
}

/** The limits of one pool's statements; `statementTimeoutMs` is the server's (0: none). */
export function statementLimits(statementTimeoutMs: number): StatementLimits {
  const backstopMs = statementTimeoutMs > 0 ? statementTimeoutMs + serverGraceMs : undefined;
  const running = new ExpiryQueue<StatementLimit>(giveUp);
  return {
    start(connection, deadline) {
      const left = deadline && !deadline.expired ? Math.max(1, Math.ceil(remainingMs(deadline))) : undefined;
      const byDeadline = left !== undefined && (backstopMs === undefined || left < backstopMs);
      const ms = byDeadline ? left : backstopMs;
      if (ms === undefined) return undefined;
      const limit: StatementLimit = {
        ms,
        byDeadline,
        connection,
        expired: false,
        expiresAt: performance.now() + ms,
        earlier: null,
        later: null,
      };
      running.add(limit);
      return limit;
    },
    stop(limit) {
      if (limit) running.remove(limit);
    },
  };
}

function giveUp(limit: StatementLimit): void {
  limit.expired = true;
  destroySocket(limit.connection);
}

/**
 * Closes a connection's socket at once. pg ends a client politely and waits for the server's
 * goodbye, which a stalled server never sends.
 */
export function destroySocket(connection: pg.ClientBase): void {
  (connection as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
