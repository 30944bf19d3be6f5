// A rate limit's fixed windows in process memory (docs/identity.md#rate-limits): a request's keys
// are checked and spent in one synchronous step, so it is admitted only if every key has room and
// a refused request spends nothing on any key. The counts without REDIS_URL, and each node's
// insurance while Redis fails (src/request-envelope/redis-rate-windows.ts).
import type { RateLimitRule } from './rate-limiter.ts';
import { type WindowSpend, fitsAll, msBeforeRoom, unspent } from './rate-windows.ts';

export interface MemoryRateWindows {
  /** Spends `points` on each of `keys` (distinct) if all have room; otherwise on none. */
  spend(keys: readonly string[], points: number): WindowSpend;
}

interface Window {
  spent: number;
  readonly endsAt: number;
}

/** `now`: milliseconds on a monotonic clock; tests pass a manual one. */
export function createMemoryRateWindows(
  rule: RateLimitRule,
  now: () => number = () => performance.now(),
): MemoryRateWindows {
  const durationMs = rule.durationSeconds * 1000;
  const windows = new Map<string, Window>();
  let sweepAt = Number.NEGATIVE_INFINITY;
  // Ended windows are dropped once a window length, so memory holds the keys of about one window.
  const sweep = (at: number) => {
    if (at < sweepAt) return;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    sweepAt = at + durationMs;
  };
  return {
    spend(keys, points) {
      const at = now();
      sweep(at);
      const found = keys.map((key) => {
        const window = windows.get(key);
        return window && window.endsAt > at ? window : undefined;
      });
      const seen = found.map((window) =>
        window ? { spent: window.spent, msLeft: window.endsAt - at } : unspent(durationMs),
      );
      if (!fitsAll(seen, points, rule.points))
        return { allowed: false, msBeforeNext: msBeforeRoom(seen, points, rule.points) };
      keys.forEach((key, index) => {
        const window = found[index];
        if (window) window.spent += points;
        else windows.set(key, { spent: points, endsAt: at + durationMs });
      });
      return { allowed: true };
    },
  };
}
