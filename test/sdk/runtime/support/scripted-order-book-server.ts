// A real graphql-ws server on loopback serving schema.graphql's orderBookUpdates from streams the
// test pushes messages into, for the SDK's order-book helper (docs/sdk.md#order-book). It can be
// started on a given port (a server that comes back where the dead one was), killed abruptly
// (sockets terminated: the client sees 1006; then nothing listens), close its sockets with a code,
// and refuse every key at connection_init (graphql-ws then closes with 4403, as the service does).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type GraphQLField, buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';

interface Level {
  price: string;
  size: string;
}

export interface PushedMessage {
  type: 'SNAPSHOT' | 'L2UPDATE';
  sequence: number;
  bids?: Level[];
  asks?: Level[];
}

export interface Stream {
  readonly productId: string;
  ended: boolean;
  push(message: PushedMessage): void;
}

export interface ScriptedOrderBookServer {
  readonly port: number;
  readonly url: string;
  readonly streams: Stream[];
  /** connection_init messages received. */
  readonly connections: number;
  /** The product's subscription that has not ended. */
  live(productId: string): Stream | undefined;
  /** Terminates every socket (no close frame: 1006 on the client) and stops listening. */
  kill(): Promise<void>;
  /** Closes every socket with `code`; the server goes on listening. */
  closeSockets(code: number, reason?: string): void;
}

const schemaText = readFileSync(path.resolve(import.meta.dirname, '../../../../schema.graphql'), 'utf8');

export async function startScriptedOrderBookServer(
  options: { port?: number; refuseKeys?: boolean } = {},
): Promise<ScriptedOrderBookServer> {
  const streams: Stream[] = [];
  let connections = 0;
  // A schema of its own per server: the subscribe function writes into this server's streams.
  const served = buildSchema(schemaText);
  const field = served.getSubscriptionType()?.getFields().orderBookUpdates as GraphQLField<unknown, unknown>;
  field.subscribe = ((_: unknown, args: { productIds?: string[] }) => orderBookStream(args, streams)) as never;
  field.resolve = (event) => (event as { orderBookUpdates: unknown }).orderBookUpdates;
  const server = http.createServer();
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  useServer(
    {
      schema: served,
      onConnect: () => {
        connections += 1;
        return !options.refuseKeys;
      },
    },
    sockets,
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `ws://127.0.0.1:${port}/graphql`,
    streams,
    get connections() {
      return connections;
    },
    live: (productId) => streams.find((stream) => stream.productId === productId && !stream.ended),
    async kill() {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    closeSockets(code, reason = '') {
      for (const socket of sockets.clients) socket.close(code, reason);
    },
  };
}

/** One subscription: an async iterator the test pushes events into. */
function orderBookStream(args: { productIds?: string[] }, streams: Stream[]) {
  const productId = args.productIds?.[0] ?? '';
  const waiting: ((result: IteratorResult<unknown>) => void)[] = [];
  const queued: unknown[] = [];
  const stream: Stream = {
    productId,
    ended: false,
    push(message) {
      const event = {
        orderBookUpdates: { productId, time: '2026-01-01T00:00:00.000Z', bids: [], asks: [], ...message },
      };
      const next = waiting.shift();
      if (next) next({ value: event, done: false });
      else queued.push(event);
    },
  };
  streams.push(stream);
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () =>
      queued.length > 0
        ? Promise.resolve({ value: queued.shift(), done: false })
        : new Promise<IteratorResult<unknown>>((resolve) => waiting.push(resolve)),
    return: () => {
      stream.ended = true;
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true as const });
    },
  };
}
