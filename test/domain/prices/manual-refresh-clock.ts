// A hand-driven clock for the price refresh: the time moves and timers fire only when the test
// says so, so no test races a real timer (docs/testing.md#what-a-test-gets).
import type { RefreshClock } from '../../../src/domain/prices/refresh-clock.ts';

export interface ManualRefreshClock extends RefreshClock {
  set(time: Date | string): void;
  advance(ms: number): void;
  /** Delays of the timers set and neither cleared nor fired, in order. */
  readonly pendingDelays: number[];
  /** Fires the oldest pending timer; throws when there is none. */
  fireNext(): void;
}

export function manualRefreshClock(start: string): ManualRefreshClock {
  let now = new Date(start);
  let nextId = 0;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  return {
    now: () => now,
    set(time) {
      now = new Date(time);
    },
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    setTimeout(callback, ms) {
      nextId += 1;
      pending.set(nextId, { callback, ms });
      return nextId;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    get pendingDelays() {
      return [...pending.values()].map((timer) => timer.ms);
    },
    fireNext() {
      const [first] = pending;
      if (!first) throw new Error('no timer is pending');
      pending.delete(first[0]);
      first[1].callback();
    },
  };
}
