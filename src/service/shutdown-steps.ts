// The graceful shutdown of the composition root (docs/architecture.md#composition): whatever
// starts something registers how to stop it; close() runs the steps last started first, each
// once, and a failing step does not keep the others from running.
export type ShutdownStep = () => Promise<void>;

/** What an area of the service hands back when it started something that must be stopped. */
export interface Stoppable {
  readonly closers?: readonly ShutdownStep[];
}

export interface ShutdownSteps {
  /** Steps that run before every step registered earlier; among themselves, in the order given. */
  add(...steps: ShutdownStep[]): void;
  /** Registers the area's closers and hands the area back. */
  track<Area extends Stoppable>(area: Area): Area;
  /** Runs every registered step; later registrations wait for the next call. */
  close(): Promise<void>;
}

export function createShutdownSteps(): ShutdownSteps {
  const steps: ShutdownStep[] = [];
  return {
    add: (...added) => void steps.unshift(...added),
    track(area) {
      steps.unshift(...(area.closers ?? []));
      return area;
    },
    async close() {
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
