// The Kysely instance on a pg pool: one per process (docs/database.md). With
// `timeouts`, the service's pool: statements, connections and the transactions a request
// leaves behind are bounded, and every statement is guarded (guarded-pool.ts,
// docs/database.md#database-faults). Without, an unbounded pool for migrations, the demo
// seed, operator commands and tests.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../generated/database/database.ts';
import type { ConnectionPressure } from './connection-pressure.ts';
import type { DatabaseOutage } from './database-outage.ts';
import { guardPool } from './guarded-pool.ts';
import { maxPreparedStatementsPerConnection } from './prepared-statement-names.ts';
import { createStatementRunner, namingClient, type StatementRunner } from './statement-runner.ts';

export type Db = Kysely<Database>;

export interface DatabaseTimeouts {
  /** DB_STATEMENT_TIMEOUT_MS: the server cancels a longer statement; 0: none. */
  statementMs: number;
  /** DB_CONNECT_TIMEOUT_MS: the longest wait for a pool connection or a new connection; 0: none. */
  connectMs: number;
  /** REQUEST_TIMEOUT_MS: the server ends a transaction left idle longer than a request may last; 0: none. */
  requestMs: number;
}

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
  timeouts?: DatabaseTimeouts;
  /** Told of every statement's outcome (the outage log). */
  outage?: DatabaseOutage;
  /** Told of every checkout that failed or waited long (connection-pressure.ts). */
  pressure?: ConnectionPressure;
  /** Named prepared statements a connection holds at most (prepared-statement-names.ts). */
  maxPreparedStatements?: number;
}

/** The pool under Kysely, and the runner of (named) statements on the same pool. */
export interface DatabaseAccess {
  db: Db;
  pool: pg.Pool;
  statements: StatementRunner;
}

/** The pool's connection counts, read when metrics are scraped (docs/metrics.md#database-pool). */
export function poolCounts(pool: pg.Pool): { total: number; idle: number; waiting: number } {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createDatabase(options: DatabaseOptions): DatabaseAccess {
  const timeouts = options.timeouts;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'wealth-platform',
    connectionTimeoutMillis: timeouts ? timeouts.connectMs : 5_000,
    idleTimeoutMillis: 30_000,
    ...(timeouts && {
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.requestMs,
    }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const maxPreparedStatements = options.maxPreparedStatements ?? maxPreparedStatementsPerConnection;
  if (!timeouts) {
    const statements = createStatementRunner({
      connect: async () => namingClient(await pool.connect(), maxPreparedStatements),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool, statements };
  }
  const guarded = guardPool(pool, {
    statementTimeoutMs: timeouts.statementMs,
    outage: options.outage,
    pressure: options.pressure,
    maxPreparedStatements,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded }) });
  return { db, pool, statements: createStatementRunner(guarded) };
}
