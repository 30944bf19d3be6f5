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
  const client = new Level2Connection(options);
  client.connect();
  return client;
}

/** The client's state across reconnects; one method per event keeps each short. */
class Level2Connection implements Level2Client {
  readonly #url: string;
  readonly #handler: Level2Handler;
  readonly #productIds: readonly string[];
  readonly #tracked: ReadonlySet<string>;
  readonly #backoff: Level2Backoff;
  readonly #random: () => number;
  readonly #pingIntervalMs: number;
  readonly #log: Logger;
  /** Per product: the last sequence handed over, or null while waiting for a snapshot. */
  readonly #sequences: Map<string, number | null>;
  #socket: WebSocket | null = null;
  #closed = false;
  #attempt = 0;
  #reconnects = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #closedSignal: Promise<void> = Promise.resolve();

  constructor(options: Level2ClientOptions) {
    this.#url = options.url;
    this.#handler = options.handler;
    this.#productIds = [...new Set(options.productIds)];
    this.#tracked = new Set(this.#productIds);
    this.#backoff = { ...defaultLevel2Backoff, ...options.backoff };
    this.#random = options.random ?? Math.random;
    this.#pingIntervalMs = options.pingIntervalMs ?? 15_000;
    this.#log = options.logger.child({ provider: 'market-data' });
    this.#sequences = new Map(this.#productIds.map((id) => [id, null]));
  }

  get connected(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  get reconnects(): number {
    return this.#reconnects;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const open = this.#socket;
    if (!open) return;
    const done = this.#closedSignal;
    if (open.readyState === WebSocket.CONNECTING) open.terminate();
    else open.close(1000, 'closing');
    const timer = setTimeout(() => open.terminate(), 1_000);
    await done;
    clearTimeout(timer);
  }

  connect(): void {
    if (this.#closed) return;
    const ws = new WebSocket(this.#url, { handshakeTimeout: 10_000 });
    this.#socket = ws;
    this.#closedSignal = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('open', () => {
      this.#log.info({ url: describeUrl(this.#url), products: this.#productIds.length }, 'market data connected');
      if (this.#productIds.length > 0) ws.send(subscriptionMessage('subscribe', this.#productIds));
    });
    pingWhileOpen(ws, this.#pingIntervalMs, () => {
      this.#log.warn({ url: describeUrl(this.#url) }, 'market data connection answered no ping: reconnecting');
    });
    ws.on('message', (data, isBinary) => {
      if (this.#socket !== ws) return;
      this.#receive(ws, isBinary ? '' : data.toString());
    });
    ws.on('error', (error) => {
      this.#log.debug({ err: error }, 'market data connection error');
    });
    ws.on('close', (code) => this.#onClose(ws, code));
  }

  #onClose(ws: WebSocket, code: number): void {
    if (this.#socket !== ws) return;
    this.#socket = null;
    for (const [productId, sequence] of this.#sequences) {
      if (sequence !== null) this.#handler.stale(productId, 'connection lost');
      this.#sequences.set(productId, null);
    }
    if (this.#closed) return;
    const delay = reconnectDelayMs(this.#attempt, this.#backoff, this.#random);
    this.#attempt += 1;
    this.#log.warn(
      { url: describeUrl(this.#url), code, retryInMs: delay },
      'market data connection closed: reconnecting',
    );
    this.#retryTimer = setTimeout(() => {
      this.#reconnects += 1;
      this.connect();
    }, delay);
  }

  #receive(ws: WebSocket, text: string): void {
    let message;
    try {
      message = parseServerMessage(text);
    } catch (error) {
      const productId = error instanceof Level2MessageError ? error.productId : null;
      this.#log.warn({ err: error, productId }, 'market data: malformed message, treated as a gap');
      if (productId !== null && this.#tracked.has(productId)) this.#resync(ws, [productId], 'malformed message');
      else this.#resync(ws, this.#productIds, 'malformed message');
      return;
    }
    switch (message.type) {
      case 'snapshot':
        return this.#onSnapshot(message);
      case 'l2update':
        return this.#onUpdate(ws, message);
      case 'error':
        this.#log.warn(
          { productId: message.product_id, reason: message.reason },
          `market data server error: ${message.message}`,
        );
        return;
      default:
        return;
    }
  }

  #onSnapshot(message: Level2Snapshot): void {
    if (!this.#tracked.has(message.product_id)) return;
    this.#sequences.set(message.product_id, message.sequence);
    this.#attempt = 0;
    this.#handler.snapshot(message);
  }

  #onUpdate(ws: WebSocket, message: Level2Update): void {
    if (!this.#tracked.has(message.product_id)) return;
    const last = this.#sequences.get(message.product_id);
    if (last === null || last === undefined) return;
    if (message.sequence !== last + 1) {
      this.#log.warn(
        { productId: message.product_id, expected: last + 1, got: message.sequence },
        'market data: sequence gap, asking for a fresh snapshot',
      );
      this.#resync(ws, [message.product_id], 'sequence gap');
      return;
    }
    this.#sequences.set(message.product_id, message.sequence);
    this.#handler.update(message);
  }

  /** Unsubscribes and resubscribes the products: the server answers each with a fresh snapshot. */
  #resync(ws: WebSocket, products: readonly string[], reason: string): void {
    for (const productId of products) {
      if (this.#sequences.get(productId) !== null) this.#handler.stale(productId, reason);
      this.#sequences.set(productId, null);
    }
    if (ws.readyState !== WebSocket.OPEN || products.length === 0) return;
    ws.send(subscriptionMessage('unsubscribe', products));
    ws.send(subscriptionMessage('subscribe', products));
  }
}

/**
 * Once the socket is open, pings it every `intervalMs`; a connection that answered none of the
 * previous ping is told to `silent` and terminated, and its close brings the reconnect.
 */
function pingWhileOpen(ws: WebSocket, intervalMs: number, silent: () => void): void {
  let answeredPing = true;
  let pinger: NodeJS.Timeout | undefined;
  ws.on('open', () => {
    pinger = setInterval(() => {
      if (!answeredPing) {
        silent();
        ws.terminate();
        return;
      }
      answeredPing = false;
      ws.ping();
    }, intervalMs);
    pinger.unref();
  });
  ws.on('pong', () => {
    answeredPing = true;
  });
  ws.on('close', () => clearInterval(pinger));
}

/** Scheme, host and path: a URL may carry a token in its query, which is never logged. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
