// Draining one HTTP server (docs/architecture.md#shutdown): stop accepting at once, let every
// request already received finish with its normal answer, then end the connection instead of
// keeping it alive; at the deadline, cut what is left so shutdown cannot hang.
import type http from 'node:http';

/** Counts the server's requests from now on and returns its drain step. */
export function drainableServer(server: http.Server): (deadline: AbortSignal) => Promise<void> {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  let allAnswered = () => {};

  // One listener shared by every response ('close' is emitted once): none allocated per request.
  function answered(this: http.ServerResponse): void {
    open.delete(this);
    if (!draining) return;
    // A response that went out keep-alive before the drain leaves its connection idle now.
    setImmediate(() => server.closeIdleConnections());
    if (open.size === 0) allAnswered();
  }
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    open.add(response);
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
      if (open.size === 0) resolve();
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
