// Serves the market data simulator over loopback WebSockets in the level2 protocol the client
// speaks (docs/market-data.md#the-simulator): a `subscribe` gets a `subscriptions` answer and a
// snapshot per product, then the product's updates, at `updatesPerSecond` per product or when a
// test calls `emit`. Each update is serialized once and sent to every connection subscribed to its
// product. Test controls drop every connection, skip a sequence number, or send any text.
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { parseClientMessage, type Level2Update } from './level2-messages.ts';
import type { MarketDataSimulator } from './market-data-simulator.ts';

export interface MarketDataSimulatorServerOptions {
  readonly host?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Updates per second per product; 0 sends updates only on `emit`. Default 10. */
  readonly updatesPerSecond?: number;
}

export interface MarketDataSimulatorServer {
  /** `ws://host:port`, for the client or MARKET_DATA_URL. */
  readonly url: string;
  readonly simulator: MarketDataSimulator;
  /** Steps the products (every one by default) once now and sends the updates; returns them. */
  emit(productIds?: readonly string[]): Level2Update[];
  /** The next update of the product skips a sequence number. */
  skipSequence(productId: string): void;
  /** Cuts every connection at once, as a network failure would. */
  dropConnections(): void;
  /** Sends the text as it is to every connection (malformed messages, for tests). */
  sendRaw(text: string): void;
  /** Open connections. */
  readonly connections: number;
  close(): Promise<void>;
}

export const defaultUpdatesPerSecond = 10;

/** What the server's connections share: the simulator, and each connection's subscribed products. */
interface Served {
  readonly simulator: MarketDataSimulator;
  readonly products: ReadonlySet<string>;
  readonly subscriptions: Map<WebSocket, Set<string>>;
}

export async function serveMarketData(
  simulator: MarketDataSimulator,
  options: MarketDataSimulatorServerOptions = {},
): Promise<MarketDataSimulatorServer> {
  const host = options.host ?? '127.0.0.1';
  const rate = options.updatesPerSecond ?? defaultUpdatesPerSecond;
  if (!(rate >= 0 && rate <= 1_000)) throw new RangeError(`updatesPerSecond must be from 0 to 1000, got ${rate}`);
  const served: Served = { simulator, products: new Set(simulator.productIds), subscriptions: new Map() };
  const server = new WebSocketServer({ host, port: options.port ?? 0, maxPayload: 64 * 1024 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.on('connection', (socket) => accept(served, socket));
  const ticker = rate > 0 ? setInterval(() => emit(served), 1_000 / rate) : undefined;
  ticker?.unref();
  const { port } = server.address() as AddressInfo;
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return serverControls(served, url, async () => {
    clearInterval(ticker);
    for (const socket of served.subscriptions.keys()) socket.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

function serverControls(served: Served, url: string, close: () => Promise<void>): MarketDataSimulatorServer {
  const { simulator, subscriptions } = served;
  return {
    url,
    simulator,
    emit: (productIds) => emit(served, productIds),
    skipSequence: (productId) => simulator.skipSequence(productId),
    dropConnections() {
      for (const socket of subscriptions.keys()) socket.terminate();
    },
    sendRaw(text) {
      for (const socket of subscriptions.keys()) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    get connections() {
      return subscriptions.size;
    },
    close,
  };
}

function accept(served: Served, socket: WebSocket): void {
  served.subscriptions.set(socket, new Set());
  socket.on('message', (data) => answer(served, socket, data.toString()));
  socket.on('close', () => served.subscriptions.delete(socket));
  socket.on('error', () => socket.terminate());
}

function answer(served: Served, socket: WebSocket, text: string): void {
  let request;
  try {
    request = parseClientMessage(text);
  } catch (error) {
    send(socket, { type: 'error', message: 'Failed to subscribe', reason: (error as Error).message });
    return;
  }
  if (!request.channels.includes('level2')) {
    send(socket, { type: 'error', message: 'Failed to subscribe', reason: 'only the level2 channel is served' });
    return;
  }
  const products = served.subscriptions.get(socket);
  if (!products) return;
  for (const productId of request.product_ids) {
    if (!served.products.has(productId)) {
      send(socket, {
        type: 'error',
        message: 'Failed to subscribe',
        reason: `${productId} is not a valid product`,
        product_id: productId,
      });
    } else if (request.type === 'unsubscribe') {
      products.delete(productId);
    } else {
      products.add(productId);
      send(socket, served.simulator.snapshot(productId));
    }
  }
  send(socket, { type: 'subscriptions', channels: [{ name: 'level2', product_ids: [...products].sort() }] });
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Each update is serialized once and sent to every connection subscribed to its product. */
function emit(served: Served, productIds: readonly string[] = served.simulator.productIds): Level2Update[] {
  return productIds.map((productId) => {
    const update = served.simulator.step(productId);
    const text = JSON.stringify(update);
    for (const [socket, products] of served.subscriptions) {
      if (products.has(productId) && socket.readyState === WebSocket.OPEN) socket.send(text);
    }
    return update;
  });
}
