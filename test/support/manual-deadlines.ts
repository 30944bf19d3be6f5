// A hand-driven clock for the PDF engine's render deadlines: a deadline expires when the test
// says so, never because the machine was slow (no test races a real render against a timer).
import type { DeadlineTimers } from '../../src/documents/pdf/pdf-engine.ts';

export interface ManualDeadlines {
  readonly timers: DeadlineTimers;
  /** Deadlines started and neither cleared nor expired. */
  readonly pending: number;
  /** Expires every pending deadline now. */
  expireAll(): void;
}

export function manualDeadlines(): ManualDeadlines {
  const pending = new Map<number, () => void>();
  let nextId = 0;
  const timers: DeadlineTimers = {
    setTimeout(callback) {
      nextId += 1;
      pending.set(nextId, callback);
      return nextId;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    get pending() {
      return pending.size;
    },
    expireAll() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}
