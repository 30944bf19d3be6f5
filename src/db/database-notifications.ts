// PostgreSQL LISTEN on one dedicated connection, outside the pool (docs/identity.md#api-key-verification):
// a change made anywhere (this node, another node, the admin CLI, an operator's SQL) reaches
// every node that listens. After the connection was lost and restored, every handler is called
// without a payload, since notifications sent in between are gone.
import pg from 'pg';

export type NotificationHandler = (payload: string | undefined) => void;

export interface DatabaseNotifications {
  /** Calls `handler` for each notification on `channel`; connects on the first call. */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseNotificationOptions {
  url: string;
  /** Wait before reconnecting after a loss, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Told when the connection is lost or restored, for the operator's log. */
  onConnectionChange?: (connected: boolean, error?: unknown) => void;
}

/** The one listening connection and what it listens for, across losses and reconnects. */
interface Listener {
  readonly options: DatabaseNotificationOptions;
  readonly handlers: Map<string, NotificationHandler[]>;
  readonly retryMs: number;
  readonly maxRetryMs: number;
  client: pg.Client | undefined;
  connecting: Promise<void> | undefined;
  retry: NodeJS.Timeout | undefined;
  delay: number;
  closed: boolean;
}

export function createDatabaseNotifications(options: DatabaseNotificationOptions): DatabaseNotifications {
  const retryMs = options.retryMs ?? 500;
  const listener: Listener = {
    options,
    handlers: new Map(),
    retryMs,
    maxRetryMs: options.maxRetryMs ?? 10_000,
    client: undefined,
    connecting: undefined,
    retry: undefined,
    delay: retryMs,
    closed: false,
  };
  return {
    listen: (channel, handler) => listen(listener, channel, handler),
    close: () => close(listener),
  };
}

async function listen(listener: Listener, channel: string, handler: NotificationHandler): Promise<void> {
  const known = listener.handlers.get(channel);
  listener.handlers.set(channel, [...(known ?? []), handler]);
  if (listener.client && !known) await listener.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  if (listener.client || listener.retry) return;
  listener.connecting ??= connect(listener).finally(() => (listener.connecting = undefined));
  await listener.connecting.catch((error: unknown) => {
    listener.options.onConnectionChange?.(false, error);
    scheduleReconnect(listener);
  });
}

async function close(listener: Listener): Promise<void> {
  listener.closed = true;
  clearTimeout(listener.retry);
  await listener.connecting?.catch(() => {});
  const open = listener.client;
  listener.client = undefined;
  await open?.end().catch(() => {});
}

async function connect(listener: Listener): Promise<void> {
  const next = new pg.Client({
    connectionString: listener.options.url,
    keepAlive: true,
    application_name: 'wealth-platform-listen',
  });
  next.on('notification', (message) => {
    for (const handler of listener.handlers.get(message.channel) ?? []) handler(message.payload);
  });
  next.on('error', (error) => lost(listener, next, error));
  next.on('end', () => lost(listener, next));
  await next.connect();
  for (const channel of listener.handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  if (listener.closed) return void (await next.end());
  listener.client = next;
  listener.delay = listener.retryMs;
}

function lost(listener: Listener, which: pg.Client, error?: unknown): void {
  if (listener.client !== which || listener.closed) return;
  listener.client = undefined;
  which.removeAllListeners('end');
  which.end().catch(() => {});
  listener.options.onConnectionChange?.(false, error);
  scheduleReconnect(listener);
}

function scheduleReconnect(listener: Listener): void {
  if (listener.closed || listener.retry) return;
  listener.retry = setTimeout(() => {
    listener.retry = undefined;
    connect(listener).then(
      () => {
        listener.options.onConnectionChange?.(true);
        notifyAll(listener, undefined);
      },
      () => {
        listener.delay = Math.min(listener.delay * 2, listener.maxRetryMs);
        scheduleReconnect(listener);
      },
    );
  }, listener.delay);
  listener.retry.unref();
}

function notifyAll(listener: Listener, payload: string | undefined): void {
  for (const list of listener.handlers.values()) for (const handler of list) handler(payload);
}
