// Records what an asynchronous source hands over (book events, client callbacks) so a test can wait
// for the one it expects: the wait ends on the event, never on a deadline; the bound only turns a
// hang into a failure naming what never came (docs/testing.md#what-a-test-gets).
export interface EventRecorder<Event> {
  /** Every event so far, in order. */
  readonly events: Event[];
  record(event: Event): void;
  /** The first event from `from` on (default: after the last one taken) that matches; waits for it. */
  next(what: string, matches: (event: Event) => boolean): Promise<Event>;
  /** Marks everything recorded so far as seen: `next` looks only at later events. */
  skipSeen(): void;
  /** Resolves once `check` holds, looking again after every recorded event; moves nothing. */
  until(what: string, check: () => boolean): Promise<void>;
}

const hangBoundMs = 20_000;

export function eventRecorder<Event>(): EventRecorder<Event> {
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  let seen = 0;
  return {
    events,
    record(event) {
      events.push(event);
      for (const wake of [...waiters]) wake();
    },
    skipSeen() {
      seen = events.length;
    },
    until(what, check) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`never held: ${what}`));
        }, hangBoundMs);
        const wake = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        wake();
      });
    },
    next(what, matches) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          for (let index = seen; index < events.length; index += 1) {
            if (matches(events[index]!)) {
              seen = index + 1;
              finish();
              resolve(events[index]!);
              return true;
            }
          }
          return false;
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`never came: ${what}`));
        }, hangBoundMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
  };
}
