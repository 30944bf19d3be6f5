// The Kysely instance on a pg pool: one per process (docs/architecture.md#database).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../generated/database/database.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
}

/** The pool's connection counts, read when metrics are scraped (docs/metrics.md#database-pool). */
export function poolCounts(pool: pg.Pool): { total: number; idle: number; waiting: number } {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createDatabase(options: DatabaseOptions): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'wealth-platform',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
