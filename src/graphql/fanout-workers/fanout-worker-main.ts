// Process entry of a fan-out worker (docs/market-data.md#fan-out), forked by the service
// (fanout-worker-pool.ts): it serves the graphql-ws sockets the service hands it with the same
// protocol as the service's own (subscription-server.ts), holds the books by replaying the
// service's feed, and writes the order-book messages of its subscribers. It reads no environment:
// its settings come in the first message, and every check of a socket is the service's.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { createReplayedFeed, type ReplayedFeed } from '../../domain/market-data/replayed-feed.ts';
import { createLogger } from '../../observability/logger.ts';
import { createMetrics } from '../../observability/metrics.ts';
import { createFanoutSchema } from './fanout-schema.ts';
import { createDocumentCache } from '../document-cache.ts';
import type { ClosableSocket } from '../live-sockets.ts';
import { createOrderBookFanout } from '../order-book/order-book-fanout.ts';
import { startSubscriptionServer, type SubscriptionServer } from '../subscription-server.ts';
import type { FromWorker, ToWorker, WorkerSettings } from './fanout-messages.ts';
import { createRemoteSocketAuthority, type RemoteSocketAuthority } from './remote-socket-authority.ts';

interface Running {
  readonly feed: ReplayedFeed;
  readonly server: SubscriptionServer;
  readonly authority: RemoteSocketAuthority;
  readonly metrics: ReturnType<typeof createMetrics>;
  /** The service's id of each socket, and each open socket by its id. */
  readonly ids: WeakMap<ClosableSocket, number>;
  readonly sockets: Map<number, WebSocket>;
  /** Aborted when the service's drain deadline passed: the sockets left are cut. */
  readonly cut: AbortController;
}

const send = (message: FromWorker) => void process.send?.(message);
let running: Running | null = null;

process.on('message', (message: ToWorker, handle?: Socket) => {
  if (message.type === 'init') running = start(message.settings);
  else if (running) receive(running, message, handle);
});
send({ type: 'listening' });
// The service is gone: its sockets' checks with it.
process.on('disconnect', () => process.exit(0));
// The service stops its workers itself, draining first (docs/service.md#shutdown): a signal sent
// to the whole process group (a terminal's Ctrl-C, a supervisor's SIGTERM) must not cut the
// sockets before the service tells them to go away.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});

function start(settings: WorkerSettings): Running {
  const logger = createLogger(settings.logLevel as Parameters<typeof createLogger>[0]).child({
    fanoutWorker: settings.workerIndex,
  });
  const metrics = createMetrics();
  const feed = createReplayedFeed(settings.products, logger);
  const fanout = createOrderBookFanout({ feed, observer: metrics.orderBookSubscriptions });
  const ids = new WeakMap<ClosableSocket, number>();
  const authority = createRemoteSocketAuthority(send, (socket) => ids.get(socket), logger);
  const server = startSubscriptionServer({
    schema: createFanoutSchema(fanout),
    documents: createDocumentCache({ observer: metrics.cache('graphql_documents') }),
    logger,
    authority,
    metrics,
    executeElsewhere: (socket, operation, requestId) => authority.execute(socket, operation, requestId),
  });
  send({ type: 'ready' });
  return { feed, server, authority, metrics, ids, sockets: new Map(), cut: new AbortController() };
}

/** A socket the service upgraded: served from here on; a handshake that fails is reported closed. */
function adopt(state: Running, message: Extract<ToWorker, { type: 'socket' }>, handle: Socket | undefined): void {
  const { id } = message;
  if (!handle) return send({ type: 'closed', id });
  let adopted = false;
  handle.once('close', () => {
    if (!adopted) send({ type: 'closed', id });
  });
  const { method, url, headers, remoteAddress } = message.request;
  const request = { method, url, headers, socket: { remoteAddress } };
  state.server.adopt(request, handle, Buffer.from(message.head), (webSocket) => {
    adopted = true;
    state.ids.set(webSocket, id);
    state.sockets.set(id, webSocket);
    webSocket.once('close', () => state.sockets.delete(id));
  });
}

function receive(state: Running, message: ToWorker, handle: Socket | undefined): void {
  switch (message.type) {
    case 'event':
      return state.feed.apply(message.event);
    case 'socket':
      return adopt(state, message, handle);
    case 'close':
      return void state.sockets.get(message.id)?.close(message.code, message.reason);
    case 'reply':
      return state.authority.replied(message.call, message.value, message.error);
    case 'metrics':
      return void state.metrics.registry
        .getMetricsAsJSON()
        .then((value) => send({ type: 'reply', call: message.call, value }));
    case 'drain':
      return void state.server.drain(state.cut.signal).finally(() => {
        send({ type: 'drained' });
        process.exit(0);
      });
    case 'cut':
      return state.cut.abort();
    case 'init':
      return;
  }
}
