// What a rate limit's fixed windows answer, in memory and in Redis alike (docs/identity.md#rate-limits):
// a request is admitted only if each of its keys has room for its points, then each spends them;
// refused, it spends nothing, and waits for the last of the windows it did not fit.

/** One key's window as a spend found it: its points spent and the milliseconds until it ends. */
export interface KeyWindow {
  readonly spent: number;
  readonly msLeft: number;
}

/** Admitted (every key spent the points), or refused (none did) with the wait until it would fit. */
export type WindowSpend = { readonly allowed: true } | { readonly allowed: false; readonly msBeforeNext: number };

/** A key with no window yet: nothing spent, and a full window should it be refused (more points than the limit). */
export function unspent(durationMs: number): KeyWindow {
  return { spent: 0, msLeft: durationMs };
}

export function fitsAll(windows: readonly KeyWindow[], points: number, limit: number): boolean {
  return windows.every((window) => window.spent + points <= limit);
}

/**
 * How long a refused request should wait: the longest of the windows it does not fit, since it
 * is admitted only once every one of them has ended. Keys that had room are not waited on (other
 * requests may spend them meanwhile, which no answer can foresee).
 */
export function msBeforeRoom(windows: readonly KeyWindow[], points: number, limit: number): number {
  return Math.max(0, ...windows.filter((window) => window.spent + points > limit).map((window) => window.msLeft));
}
