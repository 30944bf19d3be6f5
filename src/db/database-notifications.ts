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

export function createDatabaseNotifications(options: DatabaseNotificationOptions): DatabaseNotifications {
  const handlers = new Map<string, NotificationHandler[]>();
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = retryMs;
  let closed = false;

  const notifyAll = (payload: string | undefined) => {
    for (const list of handlers.values()) for (const handler of list) handler(payload);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: 'wealth-platform-listen',
    });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) return void (await next.end());
    client = next;
    delay = retryMs;
  }

  function lost(which: pg.Client, error?: unknown): void {
    if (client !== which || closed) return;
    client = undefined;
    which.removeAllListeners('end');
    which.end().catch(() => {});
    options.onConnectionChange?.(false, error);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          options.onConnectionChange?.(true);
          notifyAll(undefined);
        },
        () => {
          delay = Math.min(delay * 2, maxRetryMs);
          scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  }

  return {
    async listen(channel, handler) {
      const known = handlers.get(channel);
      handlers.set(channel, [...(known ?? []), handler]);
      if (client && !known) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client || retry) return;
      connecting ??= connect().finally(() => (connecting = undefined));
      await connecting.catch((error: unknown) => {
        options.onConnectionChange?.(false, error);
        scheduleReconnect();
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting?.catch(() => {});
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
