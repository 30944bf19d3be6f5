// The service's side of the fan-out workers (docs/market-data.md#fan-out): FANOUT_WORKERS child
// processes, each serving the graphql-ws sockets the service hands it. The service keeps the
// listening port and reads each upgrade request on /graphql itself, then passes the socket's
// handle to the next worker in turn (as Node's cluster passes connections). Everything a socket is
// held to stays here, in one socket authority per node: the worker asks it over the channel, and
// its closes (a revoked key, a cap) travel back. The workers follow the books through the
// service's feed, each product's snapshot first, then every event in order.
import { type ChildProcess, fork } from 'node:child_process';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FormattedExecutionResult } from 'graphql';
import type { Logger } from 'pino';
import { Gauge, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';
import type { MarketDataFeed } from '../../domain/market-data/market-data-feed.ts';
import { AppError } from '../../errors/app-error.ts';
import { keyRequired } from '../../errors/credential-refusal.ts';
import type { ClosableSocket } from '../live-sockets.ts';
import type { AuthorizedCaller, SocketAuthority, SocketOperationText } from '../socket-authority.ts';
import { type FromWorker, type ToWorker, sentError } from './fanout-messages.ts';

const workerEntry = fileURLToPath(new URL('./fanout-worker-main.ts', import.meta.url));

/** Upgrades that wait for a worker's start, at most; more are refused with 503. */
const maxWaitingUpgrades = 1_000;
/** A worker that died is started again after this long. */
const restartDelayMs = 1_000;
/** How long a metrics scrape waits for a worker's figures. */
const metricsWaitMs = 2_000;

export interface FanoutWorkerPoolOptions {
  readonly workers: number;
  /** The server whose upgrades on /graphql the workers serve. */
  readonly server: Server;
  readonly feed: MarketDataFeed;
  readonly authority: SocketAuthority;
  /** Runs a query or mutation a worker's socket sent, for its caller (the domain is here). */
  readonly execute: (
    caller: AuthorizedCaller,
    operation: SocketOperationText,
    requestId: string,
  ) => Promise<FormattedExecutionResult>;
  readonly logger: Logger;
  readonly registry: Registry;
}

export interface FanoutWorkerPool {
  /** Each running worker's metrics, to be summed with the service's own (docs/metrics.md). */
  workerMetrics(): Promise<MetricObjectWithValues<MetricValue<string>>[][]>;
  /** Each worker closes its sockets with 1001; at the deadline what is left is cut. */
  drain(deadline: AbortSignal): Promise<void>;
  /** Stops the workers still running after the drain (they ignore SIGTERM: the drain is theirs). */
  close(): Promise<void>;
}

/** One worker process and the sockets it serves. */
interface Worker {
  readonly index: number;
  readonly child: ChildProcess;
  ready: boolean;
  readonly sockets: Map<number, { readonly proxy: ClosableSocket; readonly address: string }>;
  readonly calls: Map<number, (value: unknown) => void>;
  /** Set while the service waits for the worker's drain. */
  drained?: () => void;
}

export function startFanoutWorkerPool(options: FanoutWorkerPoolOptions): FanoutWorkerPool {
  return new Pool(options).start();
}

class Pool implements FanoutWorkerPool {
  readonly #options: FanoutWorkerPoolOptions;
  readonly #workers: (Worker | null)[] = [];
  readonly #waiting: { request: IncomingMessage; socket: Socket; head: Buffer }[] = [];
  #nextSocket = 0;
  #nextWorker = 0;
  #nextCall = 0;
  #stopping = false;
  /** Every worker started once: until then upgrades wait, so the first sockets spread over all of them. */
  #started = false;
  readonly #socketsGauge: Gauge<'worker'>;
  #stopFeed: () => void = () => {};

  constructor(options: FanoutWorkerPoolOptions) {
    this.#options = options;
    this.#socketsGauge = new Gauge({
      name: 'fanout_worker_sockets',
      help: 'graphql-ws sockets each fan-out worker process serves',
      labelNames: ['worker'] as const,
      registers: [options.registry],
    });
  }

  start(): this {
    for (let index = 1; index <= this.#options.workers; index += 1) this.#spawn(index);
    this.#stopFeed = this.#options.feed.listen((event) => this.#toReady({ type: 'event', event }));
    this.#options.server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) =>
      this.#upgrade(request, socket, head),
    );
    return this;
  }

  #spawn(index: number): void {
    const child = fork(workerEntry, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // The service's flags (its heap limits) but not an inspector: one port is the service's.
      execArgv: process.execArgv.filter((flag) => !flag.startsWith('--inspect')),
    });
    const worker: Worker = { index, child, ready: false, sockets: new Map(), calls: new Map() };
    this.#workers[index - 1] = worker;
    child.on('message', (message: FromWorker) => this.#fromWorker(worker, message));
    child.on('exit', (code, signal) => this.#exited(worker, code, signal));
  }

  #fromWorker(worker: Worker, message: FromWorker): void {
    switch (message.type) {
      case 'listening': {
        const { logger, feed } = this.#options;
        const settings = { workerIndex: worker.index, logLevel: logger.level, products: feed.products() };
        return send(worker, { type: 'init', settings });
      }
      case 'ready':
        return this.#ready(worker);
      case 'call':
        return void this.#answer(worker, message);
      case 'closed':
        return this.#closed(worker, message.id);
      case 'reply':
        worker.calls.get(message.call)?.(message.value);
        worker.calls.delete(message.call);
        return;
      case 'drained':
        return worker.drained?.();
    }
  }

  /** The books first, then every event: replayed in order, the worker's books are the feed's. */
  #ready(worker: Worker): void {
    const { feed, logger } = this.#options;
    for (const productId of feed.products()) {
      const snapshot = feed.snapshot(productId);
      if (snapshot) send(worker, { type: 'event', event: snapshot });
    }
    worker.ready = true;
    // A worker's series exists while it is ready: a scrape shows which serve sockets.
    this.#socketsGauge.set({ worker: String(worker.index) }, 0);
    logger.info({ worker: worker.index, pid: worker.child.pid }, 'fan-out worker ready');
    this.#started ||= this.#workers.every((each) => each?.ready);
    if (this.#started)
      for (const waiting of this.#waiting.splice(0)) this.#upgrade(waiting.request, waiting.socket, waiting.head);
  }

  #upgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
    if (new URL(request.url ?? '/', 'http://service').pathname !== '/graphql') return refuse(socket, 400);
    if (this.#stopping) return refuse(socket, 503);
    const worker = this.#pick();
    if (!worker) {
      if (this.#waiting.length >= maxWaitingUpgrades) return refuse(socket, 503);
      this.#waiting.push({ request, socket, head });
      return;
    }
    this.#hand(worker, request, socket, head);
  }

  /** The next ready worker in turn. */
  #pick(): Worker | null {
    if (!this.#started) return null;
    const count = this.#workers.length;
    for (let step = 0; step < count; step += 1) {
      const worker = this.#workers[(this.#nextWorker + step) % count];
      if (worker?.ready) {
        this.#nextWorker = (this.#nextWorker + step + 1) % count;
        return worker;
      }
    }
    return null;
  }

  /**
   * Passes the socket, synchronously in the upgrade's own turn: nothing more is read from it
   * here, and what arrived with the request's headers goes along as `head`.
   */
  #hand(worker: Worker, request: IncomingMessage, socket: Socket, head: Buffer): void {
    const id = (this.#nextSocket += 1);
    const address = socket.remoteAddress ?? '';
    const proxy: ClosableSocket = {
      close: (code, reason) => send(worker, { type: 'close', id, code, reason }),
    };
    const handed = {
      method: request.method ?? 'GET',
      url: request.url ?? '/graphql',
      headers: request.headers,
      remoteAddress: address,
    };
    // Bytes this process read after the headers (while the upgrade waited for a worker) go with
    // the head; then it reads no more. All in this turn: nothing is read between the two.
    const early = socket.readableLength > 0 ? (socket.read() as Buffer | null) : null;
    stopReading(socket);
    const bytes = early ? Buffer.concat([head, early]) : head;
    worker.child.send({ type: 'socket', id, request: handed, head: new Uint8Array(bytes) } satisfies ToWorker, socket);
    worker.sockets.set(id, { proxy, address });
    this.#socketsGauge.inc({ worker: String(worker.index) });
    // After the handle: a close for a socket past its address' cap reaches the worker after it.
    this.#options.authority.opened(proxy, address);
  }

  async #answer(worker: Worker, message: Extract<FromWorker, { type: 'call' }>): Promise<void> {
    const answerError = (error: AppError) =>
      send(worker, { type: 'reply', call: message.call, error: sentError(error) });
    // A socket that closed here meanwhile (its worker said so, or a cap closed it).
    const held = worker.sockets.get(message.id);
    if (!held) return answerError(new AppError('UNAUTHENTICATED', 'the socket is closed'));
    try {
      const value = await this.#call(held.proxy, message);
      if (value instanceof AppError) answerError(value);
      else send(worker, { type: 'reply', call: message.call, value });
    } catch (error) {
      this.#options.logger.error({ err: error, worker: worker.index }, 'a fan-out worker’s call failed');
      answerError(new AppError('INTERNAL', 'the socket’s check failed'));
    }
  }

  #call(proxy: ClosableSocket, message: Extract<FromWorker, { type: 'call' }>): Promise<unknown> {
    const { authority } = this.#options;
    switch (message.method) {
      case 'connect':
        return authority.connect(proxy, message.init);
      case 'authorize':
        return authority.authorize(proxy, message.openOperations);
      case 'cost':
        return authority.costRefusal(proxy, message.operation);
      case 'execute': {
        const caller = authority.callerOf(proxy);
        if (!caller) return Promise.resolve(keyRequired());
        return this.#options.execute(caller, message.operation, message.requestId);
      }
    }
  }

  #closed(worker: Worker, id: number): void {
    const held = worker.sockets.get(id);
    if (!held) return;
    worker.sockets.delete(id);
    this.#socketsGauge.dec({ worker: String(worker.index) });
    this.#options.authority.closed(held.proxy, held.address);
  }

  /** Its sockets died with it: their counts are released, and unless the service stops it starts again. */
  #exited(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    for (const id of [...worker.sockets.keys()]) this.#closed(worker, id);
    for (const answer of worker.calls.values()) answer(null);
    worker.calls.clear();
    worker.ready = false;
    this.#socketsGauge.remove({ worker: String(worker.index) });
    if (this.#stopping) return;
    this.#options.logger.error({ worker: worker.index, code, signal }, 'a fan-out worker exited; starting it again');
    setTimeout(() => {
      if (!this.#stopping) this.#spawn(worker.index);
    }, restartDelayMs).unref();
  }

  #toReady(message: ToWorker): void {
    for (const worker of this.#workers) if (worker?.ready) send(worker, message);
  }

  async workerMetrics(): Promise<MetricObjectWithValues<MetricValue<string>>[][]> {
    const asked = this.#workers.filter((worker): worker is Worker => worker?.ready === true);
    const answers = await Promise.all(
      asked.map((worker) => {
        const call = (this.#nextCall += 1);
        return new Promise<unknown>((resolve) => {
          const timer = setTimeout(() => resolve(null), metricsWaitMs);
          worker.calls.set(call, (value) => {
            clearTimeout(timer);
            resolve(value);
          });
          send(worker, { type: 'metrics', call });
        });
      }),
    );
    return answers.filter((answer): answer is MetricObjectWithValues<MetricValue<string>>[] => Array.isArray(answer));
  }

  async drain(deadline: AbortSignal): Promise<void> {
    this.#stopping = true;
    for (const waiting of this.#waiting.splice(0)) waiting.socket.destroy();
    const running = this.#workers.filter((worker): worker is Worker => worker !== null && worker.child.connected);
    const cut = () => running.forEach((worker) => send(worker, { type: 'cut' }));
    deadline.addEventListener('abort', cut, { once: true });
    try {
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.drained = resolve;
              worker.child.once('exit', () => resolve());
              send(worker, { type: 'drain' });
            }),
        ),
      );
    } finally {
      deadline.removeEventListener('abort', cut);
    }
  }

  async close(): Promise<void> {
    this.#stopping = true;
    this.#stopFeed();
    await Promise.all(
      this.#workers.map((worker) => {
        if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return undefined;
        return new Promise<void>((resolve) => {
          worker.child.once('exit', () => resolve());
          worker.child.kill('SIGKILL');
        });
      }),
    );
  }
}

/**
 * Stops this process reading the socket before its handle goes to a worker. Until the worker
 * acknowledges the handle this process keeps its own copy of the descriptor, and a copy still
 * reading would take bytes the client sends the worker (its connection_init, right after the
 * handshake) and drop them (Node sets the sent handle's `onread` to nothing). The handle's
 * readStop is not public API: Node's own cluster never reads a socket it passes on.
 */
function stopReading(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { readStop?: () => number; reading?: boolean } })._handle;
  if (handle?.readStop) {
    handle.reading = false;
    handle.readStop();
  }
}

function send(worker: Worker, message: ToWorker): void {
  if (worker.child.connected) worker.child.send(message);
}

/** Ends an upgrade that no worker serves with a plain HTTP status, as ws refuses one. */
function refuse(socket: Socket, status: 400 | 503): void {
  const text = status === 400 ? 'Bad Request' : 'Service Unavailable';
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n${status === 503 ? 'Retry-After: 1\r\n' : ''}\r\n`,
  );
}
