// Whether this node can get database connections (docs/database.md#connection-budget): the
// guarded pool tells it of every checkout that failed (the server refused a connection, too many
// clients, or none came within DB_CONNECT_TIMEOUT_MS) and of every checkout that waited longer
// than `slowAfterMs` for a free pool connection. Readiness turns 503 while the node is short of
// connections, so a balancer stops sending it the traffic it would fail.
//
// Hysteresis, so readiness does not flap with every request: short once `threshold` such
// checkouts fall within `windowMs`, and well again only after a whole `windowMs` without one.

export interface ConnectionPressure {
  /** A checkout failed: no connection from the server or the pool. */
  refused(cause: string): void;
  /** A checkout succeeded after waiting `waitedMs` for a connection. */
  waited(waitedMs: number): void;
  /** Null while connections come; else why the node is short of them. */
  shortage(): string | null;
}

export interface ConnectionPressureOptions {
  /** A checkout waiting longer than this counts as starved. */
  readonly slowAfterMs: number;
  readonly windowMs?: number;
  readonly threshold?: number;
  /** Told of each refused or slow checkout (metrics). */
  readonly onEvent?: (kind: 'refused' | 'slow') => void;
  readonly now?: () => number;
}

export function createConnectionPressure(options: ConnectionPressureOptions): ConnectionPressure {
  const windowMs = options.windowMs ?? 10_000;
  const threshold = options.threshold ?? 3;
  const now = options.now ?? (() => performance.now());
  const events: { at: number; kind: 'refused' | 'slow' }[] = [];
  let lastCause = '';
  let short = false;

  function record(kind: 'refused' | 'slow'): void {
    events.push({ at: now(), kind });
    options.onEvent?.(kind);
  }

  function recent(): typeof events {
    const since = now() - windowMs;
    while (events.length > 0 && events[0]!.at < since) events.shift();
    return events;
  }

  return {
    refused(cause) {
      lastCause = cause;
      record('refused');
    },
    waited(waitedMs) {
      if (waitedMs > options.slowAfterMs) record('slow');
    },
    shortage() {
      const within = recent();
      if (!short && within.length >= threshold) short = true;
      else if (short && within.length === 0) short = false;
      if (!short) return null;
      const refused = within.filter((event) => event.kind === 'refused').length;
      const slow = within.length - refused;
      const seconds = Math.round(windowMs / 1000);
      const parts = [
        ...(refused > 0 ? [`${refused} refused (${lastCause})`] : []),
        ...(slow > 0 ? [`${slow} waited over ${options.slowAfterMs} ms for a pool connection`] : []),
      ];
      return `short of database connections: in the last ${seconds} s, ${parts.join('; ')}`;
    },
  };
}
