// The graceful shutdown of the composition root, in two phases (docs/service.md#shutdown).
// Drain: every drain step starts at once (the servers stop accepting and let their requests
// finish, subscriptions are told to go away) and gets one deadline, after which what is left is
// cut. Close: only then do the engines stop, last started first, each once, a failing step not
// keeping the others from running.
export type ShutdownStep = () => Promise<void>;

/** Stops taking work and waits for the work in flight; `deadline` aborts when the drain time is up. */
export type DrainStep = (deadline: AbortSignal) => Promise<void>;

/** What an area of the service hands back when it started something that must be stopped. */
export interface Stoppable {
  readonly drainers?: readonly DrainStep[];
  readonly closers?: readonly ShutdownStep[];
}

export interface ShutdownSteps {
  /** Steps of the close phase that run before every step registered earlier; among themselves, in the order given. */
  add(...steps: ShutdownStep[]): void;
  /** A step of the drain phase; all of them run together. */
  drain(step: DrainStep): void;
  /** Registers the area's drainers and closers and hands the area back. */
  track<Area extends Stoppable>(area: Area): Area;
  /** True from the moment close() is called (readiness answers 503). */
  readonly stopping: boolean;
  /** Drains, then closes; later registrations wait for the next call. */
  close(): Promise<void>;
}

export function createShutdownSteps(options: { drainTimeoutMs: number }): ShutdownSteps {
  const steps: ShutdownStep[] = [];
  const drainers: DrainStep[] = [];
  let stopping = false;

  async function drainAll(): Promise<void> {
    const deadline = new AbortController();
    // setTimeout fires at once past 2^31 - 1 ms; that is 24 days, as good as no deadline.
    const timer = setTimeout(() => deadline.abort(), Math.min(options.drainTimeoutMs, 2 ** 31 - 1));
    try {
      await Promise.allSettled(drainers.splice(0).map((step) => step(deadline.signal)));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    add: (...added) => void steps.unshift(...added),
    drain: (step) => void drainers.push(step),
    track(area) {
      drainers.push(...(area.drainers ?? []));
      steps.unshift(...(area.closers ?? []));
      return area;
    },
    get stopping() {
      return stopping;
    },
    async close() {
      stopping = true;
      await drainAll();
      for (const step of steps.splice(0)) {
        try {
          await step();
        } catch {
          // keep closing the rest
        }
      }
    },
  };
}
