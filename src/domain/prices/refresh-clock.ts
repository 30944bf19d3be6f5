// The clock and timers of the price refresh (docs/providers.md#price-refresh), injectable so tests
// fire each refresh by hand instead of racing a real timer. The system clock's timers are unref'd:
// a pending refresh never keeps the process alive at shutdown.

export interface RefreshClock {
  now(): Date;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemRefreshClock: RefreshClock = {
  now: () => new Date(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
