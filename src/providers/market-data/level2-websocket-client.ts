// The level2 WebSocket client (docs/market-data.md#the-client): connects to MARKET_DATA_URL,
// subscribes its products to the `level2` channel, and hands each product's snapshot and the
// updates that follow it to a handler, in sequence order. A gap in a product's `sequence`, a
// malformed message or a lost connection makes the product stale: its updates are dropped until a
// fresh snapshot, asked for by resubscribing the product (or by the reconnect, with exponential
// backoff and jitter). Nothing the server sends can throw out of the client.
import type { Logger } from 'pino';
import WebSocket from 'ws';
import {
  type Level2Snapshot,
  type Level2Update,
  Level2MessageError,
  parseServerMessage,
  subscriptionMessage,
} from './level2-messages.ts';

export interface Level2Handler {
  /** The product's whole book; updates with the following sequence numbers come next. */
  snapshot(message: Level2Snapshot): void;
  /** The next update of a product whose snapshot was handed over, never one after a gap. */
  update(message: Level2Update): void;
  /** The product's book no longer follows the server until its next snapshot. */
  stale(productId: string, reason: string): void;
}

export interface Level2Backoff {
  /** The first reconnect waits about this long. Default 500 ms. */
  readonly initialMs: number;
  /** No wait is longer. Default 30 s. */
  readonly maxMs: number;
}

export interface Level2ClientOptions {
  readonly url: string;
  readonly productIds: readonly string[];
  readonly handler: Level2Handler;
  readonly logger: Logger;
  readonly backoff?: Partial<Level2Backoff>;
  /** In [0, 1); `Math.random` by default. */
  readonly random?: () => number;
  /** A ping goes out this often; a connection that answered none of the previous one is dropped. Default 15 s. */
  readonly pingIntervalMs?: number;
}

export interface Level2Client {
  /** True while a connection is open. */
  readonly connected: boolean;
  /** Reconnects so far (for logs and tests). */
  readonly reconnects: number;
  /** Closes the connection and stops reconnecting. */
  close(): Promise<void>;
}

export const defaultLevel2Backoff: Level2Backoff = { initialMs: 500, maxMs: 30_000 };

/** The wait before reconnect `attempt` (0 first): doubling from `initialMs` up to `maxMs`, jittered into its upper half. */
export function reconnectDelayMs(attempt: number, backoff: Level2Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function connectLevel2Client(options: Level2ClientOptions): Level2Client {
  const { url, handler, logger } = options;
  const productIds = [...new Set(options.productIds)];
  const tracked = new Set(productIds);
  const backoff = { ...defaultLevel2Backoff, ...options.backoff };
  const random = options.random ?? Math.random;
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const log = logger.child({ provider: 'market-data' });
  /** Per product: the last sequence handed over, or null while waiting for a snapshot. */
  const sequences = new Map<string, number | null>(productIds.map((id) => [id, null]));
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let reconnects = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let closedSignal: Promise<void> = Promise.resolve();

  function connect(): void {
    if (closed) return;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    socket = ws;
    let answeredPing = true;
    let pinger: NodeJS.Timeout | undefined;
    closedSignal = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('open', () => {
      log.info({ url: describeUrl(url), products: productIds.length }, 'market data connected');
      if (productIds.length > 0) ws.send(subscriptionMessage('subscribe', productIds));
      pinger = setInterval(() => {
        if (!answeredPing) {
          log.warn({ url: describeUrl(url) }, 'market data connection answered no ping: reconnecting');
          ws.terminate();
          return;
        }
        answeredPing = false;
        ws.ping();
      }, pingIntervalMs);
      pinger.unref();
    });
    ws.on('pong', () => {
      answeredPing = true;
    });
    ws.on('message', (data, isBinary) => {
      if (socket !== ws) return;
      receive(ws, isBinary ? '' : data.toString());
    });
    ws.on('error', (error) => {
      log.debug({ err: error }, 'market data connection error');
    });
    ws.on('close', (code) => {
      clearInterval(pinger);
      if (socket !== ws) return;
      socket = null;
      for (const [productId, sequence] of sequences) {
        if (sequence !== null) handler.stale(productId, 'connection lost');
        sequences.set(productId, null);
      }
      if (closed) return;
      const delay = reconnectDelayMs(attempt, backoff, random);
      attempt += 1;
      log.warn({ url: describeUrl(url), code, retryInMs: delay }, 'market data connection closed: reconnecting');
      retryTimer = setTimeout(() => {
        reconnects += 1;
        connect();
      }, delay);
    });
  }

  function receive(ws: WebSocket, text: string): void {
    let message;
    try {
      message = parseServerMessage(text);
    } catch (error) {
      const productId = error instanceof Level2MessageError ? error.productId : null;
      log.warn({ err: error, productId }, 'market data: malformed message, treated as a gap');
      if (productId !== null && tracked.has(productId)) resync(ws, [productId], 'malformed message');
      else resync(ws, productIds, 'malformed message');
      return;
    }
    switch (message.type) {
      case 'snapshot':
        if (!tracked.has(message.product_id)) return;
        sequences.set(message.product_id, message.sequence);
        attempt = 0;
        handler.snapshot(message);
        return;
      case 'l2update': {
        if (!tracked.has(message.product_id)) return;
        const last = sequences.get(message.product_id);
        if (last === null || last === undefined) return;
        if (message.sequence !== last + 1) {
          log.warn(
            { productId: message.product_id, expected: last + 1, got: message.sequence },
            'market data: sequence gap, asking for a fresh snapshot',
          );
          resync(ws, [message.product_id], 'sequence gap');
          return;
        }
        sequences.set(message.product_id, message.sequence);
        handler.update(message);
        return;
      }
      case 'error':
        log.warn(
          { productId: message.product_id, reason: message.reason },
          `market data server error: ${message.message}`,
        );
        return;
      default:
        return;
    }
  }

  /** Unsubscribes and resubscribes the products: the server answers each with a fresh snapshot. */
  function resync(ws: WebSocket, products: readonly string[], reason: string): void {
    for (const productId of products) {
      if (sequences.get(productId) !== null) handler.stale(productId, reason);
      sequences.set(productId, null);
    }
    if (ws.readyState !== WebSocket.OPEN || products.length === 0) return;
    ws.send(subscriptionMessage('unsubscribe', products));
    ws.send(subscriptionMessage('subscribe', products));
  }

  connect();
  return {
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    get reconnects() {
      return reconnects;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const open = socket;
      if (!open) return;
      const done = closedSignal;
      if (open.readyState === WebSocket.CONNECTING) open.terminate();
      else open.close(1000, 'closing');
      const timer = setTimeout(() => open.terminate(), 1_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Scheme, host and path: a URL may carry a token in its query, which is never logged. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
