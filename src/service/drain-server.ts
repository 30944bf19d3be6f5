// Draining one HTTP server (docs/service.md#shutdown): stop accepting at once, let every
// request already received finish with its normal answer, then end the connection instead of
// keeping it alive; at the deadline, cut what is left so shutdown cannot hang.
import type http from 'node:http';

/**
 * The responses not yet closed, in an array with each response's index on it (removal swaps the
 * last one into its place). Not a `Set`: a `Set` whose entries come and go rehashes into a new
 * table every few requests, and each old table keeps a link to its successor. Once one of those
 * tables reached the old generation, the chain held every later response, with its request's
 * objects, through each young-generation collection, which tripled the collector's share of a
 * data-layer request (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
 */
const slot = Symbol('open response index');
type Tracked = http.ServerResponse & { [slot]?: number };

/** Counts the server's requests from now on and returns its drain step. */
export function drainableServer(server: http.Server): (deadline: AbortSignal) => Promise<void> {
  const open: Tracked[] = [];
  let draining = false;
  let allAnswered = () => {};

  // One listener shared by every response ('close' is emitted once): none allocated per request.
  function answered(this: Tracked): void {
    const index = this[slot];
    if (index === undefined) return;
    this[slot] = undefined;
    const last = open.pop()!;
    if (last !== this) {
      open[index] = last;
      last[slot] = index;
    }
    if (!draining) return;
    // A response that went out keep-alive before the drain leaves its connection idle now.
    setImmediate(() => server.closeIdleConnections());
    if (open.length === 0) allAnswered();
  }
  server.prependListener('request', (_request: http.IncomingMessage, response: Tracked) => {
    response[slot] = open.length;
    open.push(response);
    if (draining) response.setHeader('Connection', 'close');
    response.on('close', answered);
  });

  return async (deadline) => {
    draining = true;
    // Closes the listening socket, so new connections are refused, and the idle keep-alive ones (Node ≥ 19).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const response of open) if (!response.headersSent) response.setHeader('Connection', 'close');
    const everyAnswered = new Promise<void>((resolve) => {
      allAnswered = resolve;
      if (open.length === 0) resolve();
    });
    const cut = () => server.closeAllConnections();
    deadline.addEventListener('abort', cut, { once: true });
    try {
      await everyAnswered;
      await closed;
    } finally {
      deadline.removeEventListener('abort', cut);
    }
  };
}
