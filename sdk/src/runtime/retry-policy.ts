// When and how long to wait before another attempt (docs/sdk.md#retries): only requests that are
// safe to repeat are retried at all (the callers decide that); these answers are worth another
// try: no answer, 429 RATE_LIMITED and 503 SERVICE_UNAVAILABLE with their `Retry-After`
// (docs/error-codes.md), and the gateway answers 502 and 504.
export interface RetryOptions {
  /** Attempts after the first; default 2. */
  maxRetries?: number;
  /** First delay in ms, doubled per attempt and jittered; default 300. */
  baseDelayMs?: number;
  /** Longest wait in ms, also for a `Retry-After`; default 10000. */
  maxDelayMs?: number;
}

const retryableStatuses = new Set([429, 502, 503, 504]);

export const isRetryableStatus = (status: number): boolean => retryableStatuses.has(status);

/** The wait before retry `attempt` (0 for the first retry): `Retry-After` seconds when given, else backoff with jitter. */
export function retryDelay(options: RetryOptions, attempt: number, retryAfterSeconds?: number | null): number {
  const max = options.maxDelayMs ?? 10_000;
  if (retryAfterSeconds != null && retryAfterSeconds >= 0) return Math.min(max, retryAfterSeconds * 1000);
  const ceiling = Math.min(max, (options.baseDelayMs ?? 300) * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A `Retry-After` header in seconds; an HTTP date counts from now. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
