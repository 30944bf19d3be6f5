// A TCP proxy between the service and its test PostgreSQL that can fail on demand
// (docs/database.md#database-faults): `stall()` stops reading in both directions and keeps
// every connection open, as a SIGSTOPped server does (bytes wait in the kernel's buffers and flow
// on `heal()`, in order, ends included); `down()` destroys every connection and refuses new
// ones, as a stopped server does; `limitConnections(n)` answers a connection beyond the n open
// ones as PostgreSQL does past max_connections (FATAL 53300 "sorry, too many clients already");
// `heal()` makes it healthy again.
import net from 'node:net';

export interface DatabaseProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  readonly url: string;
  stall(): void;
  /** Forwards the first chunk from the service that contains `text`, then stalls. */
  stallAfter(text: string): void;
  down(): Promise<void>;
  /** Refuses new connections while `limit` are open, with PostgreSQL's 53300; null lifts the limit. */
  limitConnections(limit: number | null): void;
  /** Connections open through the proxy now. */
  readonly openConnections: number;
  heal(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<Pair>();
  let mode: 'healthy' | 'stalled' | 'down' = 'healthy';
  let stallTrigger: string | undefined;
  let connectionLimit: number | null = null;
  let listener = net.createServer(accept);
  const port = await listen(listener, 0);

  function accept(client: net.Socket): void {
    if (connectionLimit !== null && pairs.size >= connectionLimit) {
      refuseTooManyClients(client);
      return;
    }
    const server = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    const pair = { client, server };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      server.write(chunk);
      if (stallTrigger !== undefined && chunk.includes(stallTrigger)) {
        stallTrigger = undefined;
        stall();
      }
    });
    server.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('end', () => server.end());
    server.on('end', () => client.end());
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
    if (mode === 'stalled') pause(pair);
  }

  function pause(pair: Pair): void {
    pair.client.pause();
    pair.server.pause();
  }

  function stall(): void {
    mode = 'stalled';
    for (const pair of pairs) pause(pair);
  }

  return {
    url: withAddress(databaseUrl, port),
    stall,
    stallAfter(text) {
      stallTrigger = text;
    },
    limitConnections(limit) {
      connectionLimit = limit;
    },
    get openConnections() {
      return pairs.size;
    },
    async down() {
      mode = 'down';
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        for (const pair of pairs) {
          pair.client.destroy();
          pair.server.destroy();
        }
        pairs.clear();
      });
    },
    async heal() {
      if (mode === 'down') {
        listener = net.createServer(accept);
        await listen(listener, port);
      }
      mode = 'healthy';
      for (const pair of pairs) {
        pair.client.resume();
        pair.server.resume();
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      if (listener.listening) await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** After the client's startup packet, PostgreSQL's ErrorResponse for too many connections, then the end. */
function refuseTooManyClients(client: net.Socket): void {
  client.on('error', () => {});
  client.once('data', () => {
    const fields = ['SFATAL', 'VFATAL', 'C53300', 'Msorry, too many clients already'];
    const body = Buffer.concat([...fields.map((field) => Buffer.from(`${field}\0`)), Buffer.from([0])]);
    const header = Buffer.alloc(5);
    header.write('E', 0);
    header.writeInt32BE(body.length + 4, 1);
    client.end(Buffer.concat([header, body]));
  });
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function withAddress(databaseUrl: string, port: number): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}
