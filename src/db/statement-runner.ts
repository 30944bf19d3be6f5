// One statement on a pool connection, optionally as a named prepared statement
// (docs/data-layer.md#prepared-statements): what the data layer runs its cached statements with,
// beside Kysely (which cannot name a statement) on the same pool. On the service's pool every
// statement is guarded (guarded-pool.ts); on a plain pool (tests, tools) it is sent as is.
import type pg from 'pg';
import { isRetiring, nameOnConnection } from './prepared-statement-names.ts';
import { sendStatement, sendTextRowsStatement } from './send-statement.ts';
import type { TextRow } from './text-rows-query.ts';

export interface StatementRunner {
  /** The rows of `sql`; with `name`, prepared under that name on the connection that runs it. */
  query<Row>(sql: string, parameters: readonly unknown[], name?: string): Promise<readonly Row[]>;
  /** As `query`, each row its columns' text by position, sent without Describe (text-rows-query.ts). */
  textRows(sql: string, parameters: readonly unknown[], name?: string): Promise<readonly TextRow[]>;
}

/** A pool connection that can send a statement under a name (the guarded pool's, or namingClient's). */
export interface NamingClient {
  query(sql: string, parameters: readonly unknown[], name?: string): Promise<pg.QueryResult>;
  textRows(sql: string, parameters: readonly unknown[], name?: string): Promise<TextRow[]>;
  release(destroy?: boolean): void;
}

/** Where the runner's statements run: a pool's connections, or (the guarded pool) its one-statement reads. */
export interface StatementPool {
  connect(): Promise<NamingClient>;
  /** One statement's text rows on a connection of its own, checked out and released in one step. */
  textRows?: StatementRunner['textRows'];
}

export function createStatementRunner(pool: StatementPool): StatementRunner {
  async function onConnection<T>(run: (client: NamingClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await run(client);
    } finally {
      client.release();
    }
  }
  return {
    query: async <Row>(sql: string, parameters: readonly unknown[], name?: string) =>
      (await onConnection((client) => client.query(sql, parameters, name))).rows as Row[],
    textRows:
      pool.textRows ?? ((sql, parameters, name) => onConnection((client) => client.textRows(sql, parameters, name))),
  };
}

/** A plain pg pool's connection with the bounded names of prepared-statement-names.ts. */
export function namingClient(client: pg.PoolClient, maxPrepared: number): NamingClient {
  const named = (name: string | undefined) =>
    name === undefined ? undefined : nameOnConnection(client, name, maxPrepared);
  return {
    query: (sql, parameters, name) => sendStatement(client, sql, parameters, named(name)),
    textRows: (sql, parameters, name) => sendTextRowsStatement(client, sql, parameters, named(name)),
    release: (destroy) => client.release(destroy || isRetiring(client)),
  };
}
