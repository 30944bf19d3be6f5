// A warning logged at most once an interval, with how many were held back since the last: for the
// rate limits' store failures (src/request-envelope/redis-rate-windows.ts,
// failed-credential-limit.ts), which repeat with every request and must not flood the log.
import type { Logger } from 'pino';

export function throttledWarning(logger: Logger, intervalMs: number) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return {
    warn(fields: Record<string, unknown>, message: string): void {
      const now = Date.now();
      if (now - lastAt < intervalMs) {
        suppressed += 1;
        return;
      }
      logger.warn({ ...fields, suppressedSinceLastWarning: suppressed }, message);
      lastAt = now;
      suppressed = 0;
    },
  };
}
