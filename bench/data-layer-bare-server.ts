// The bare node http server of the data-layer bench
// (docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): one SQL
// statement per path over a pg.Pool of the bench's size, its JSON text answered as
// `{"data":{"organization":…}}`. No GraphQL, no authentication, no middleware. It serves the
// statements the data layer compiled (sent as the data layer sends them) and the hand-written ones.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** A prepared statement's name (parsed and planned once per connection); unnamed without. */
  readonly name?: string;
}

/** The application_name of the pool's connections, to find its backends in pg_stat_activity. */
export const bareServerApplicationName = 'data-layer-bench-bare';

/** Serves `statements[key]` at `/<key>`. */
export async function startBareServer(
  connectionString: string,
  connections: number,
  statements: ReadonlyMap<string, Statement>,
) {
  // Idle connections stay open: the bench reads the CPU time of the backends serving the pool.
  const pool = new pg.Pool({
    connectionString,
    max: connections,
    idleTimeoutMillis: 0,
    application_name: bareServerApplicationName,
  });
  pool.on('error', () => {});
  const server = http.createServer((request, response) => {
    const statement = statements.get(request.url?.slice(1) ?? '');
    request.resume();
    request.on('end', () => {
      if (!statement) {
        response.writeHead(404).end();
        return;
      }
      const query = { text: statement.sql, values: [...statement.parameters], name: statement.name };
      pool.query<{ value: string | null }>(query).then(
        (result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(`{"data":{"organization":${result.rows[0]?.value ?? 'null'}}}`);
        },
        (error: unknown) => {
          response.writeHead(500).end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
