// Work no request needs yet (the PDF engine's browser with PDF_PREWARM, the development OIDC
// provider's modules) starts once the service has answered its first readiness probe with 200, so
// that answer never waits behind it (docs/service.md#start-up): loading puppeteer-core or
// oidc-provider holds the main thread for a few hundred milliseconds. A service nobody probes
// starts it `fallbackMs` after it is ready; a service shutting down never starts it.

export interface AfterFirstReady {
  /** The readiness handler answers 200: the work starts once that answer is written. */
  answeredReady(): void;
  /** The service is ready: the work to start after the first readiness answer, or after fallbackMs. */
  run(work: readonly (() => void)[]): void;
  /** Shutdown: drops work not started yet. */
  cancel(): void;
}

export function createAfterFirstReady(options: { fallbackMs: number; stopping: () => boolean }): AfterFirstReady {
  let pending: (() => void)[] = [];
  let answered = false;
  let timer: NodeJS.Timeout | undefined;

  function startPending(): void {
    clearTimeout(timer);
    const due = pending;
    pending = [];
    if (options.stopping()) return;
    for (const task of due) task();
  }

  return {
    answeredReady() {
      if (answered) return;
      answered = true;
      // A check-phase callback runs after the microtasks that write the answer to the socket.
      setImmediate(startPending);
    },
    run(work) {
      pending = [...work];
      if (answered) setImmediate(startPending);
      else timer = setTimeout(startPending, options.fallbackMs).unref();
    },
    cancel() {
      clearTimeout(timer);
      pending = [];
    },
  };
}
