// Fixed-window rate limits for the authentication routes (docs/identity.md#rate-limits,
// openapi.yaml "Rate limits"): in process memory by default, in Redis when REDIS_URL is set so
// every node counts against the same limit (docs/service.md#scale-out).
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** Names the limit in keys, messages and logs, e.g. `auth`. */
  name: string;
  /** Requests allowed per key and window; `0` disables the limit (every request allowed). */
  points: number;
  /** Window length; a key's window starts at its first request. At most 86400 (Retry-After's maximum). */
  durationSeconds: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /**
   * Counts one request for `key`, or `points` of it (the business API's cost budget counts an
   * operation's cost, docs/api-limits.md); never rejects (a failing store allows the request).
   */
  consume(key: string, points?: number): Promise<RateLimitDecision>;
  close?(): Promise<void>;
}

export interface RateLimitStore {
  /** Shares the counts across nodes; the connection stays its creator's to close. */
  redis?: Redis;
  /** Namespaces the keys (`<keyPrefix>:<rule name>:<key>`), e.g. per deployment. */
  keyPrefix: string;
  /** Receives the warning when the limiter itself fails. */
  logger: Logger;
}

const maxRetryAfterSeconds = 86_400;

export function createRateLimiter(rule: RateLimitRule, store: RateLimitStore): RateLimiter {
  assertValidRule(rule);
  if (rule.points === 0) return { rule, consume: async () => ({ allowed: true }) };
  return fromRateLimiterFlexible(rule, flexibleLimiter(rule, store), store.logger);
}

/** The rate-limiter-flexible limiter of a rule with points > 0: in memory, or in Redis with memory as insurance. */
export function flexibleLimiter(rule: RateLimitRule, store: RateLimitStore): RateLimiterMemory | RateLimiterRedis {
  const options = { keyPrefix: `${store.keyPrefix}:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
  const memory = new RateLimiterMemory(options);
  return store.redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: store.redis,
        // A Redis outage degrades to per-node limits instead of failing or unlimiting requests.
        insuranceLimiter: memory,
        // A key already over its limit is refused from memory until its window ends, so a
        // flood of refused requests costs Redis nothing (a request of several points too).
        inMemoryBlockOnConsumed: rule.points + 1,
      })
    : memory;
}

/**
 * Adapts a rate-limiter-flexible limiter. It rejects with a `RateLimiterRes` when the limit
 * is reached, but with an `Error` when its store fails and no insurance limiter took over:
 * such a failure must not fail or block the request, so it is allowed and logged (at most
 * once a minute, so an outage cannot flood the log).
 */
export function fromRateLimiterFlexible(
  rule: RateLimitRule,
  limiter: { consume(key: string, points?: number): Promise<RateLimiterRes> },
  logger: Logger,
): RateLimiter {
  const warnings = throttledWarning(logger, 60_000);
  return {
    rule,
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: retryAfterSeconds(rejection.msBeforeNext) };
        }
        warnings.warn(
          { err: rejection, rateLimit: rule.name },
          'rate limiter failed; request allowed without counting',
        );
        return { allowed: true };
      }
    },
  };
}

/**
 * A short, stable stand-in for a credential in a rate-limit key, so no secret reaches Redis
 * or a log (docs/identity.md#never-logged).
 */
export function credentialFingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

/** Whole seconds, at least 1 (a 0 would invite an immediate retry), at most a day. */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.min(Math.max(Math.ceil(msBeforeNext / 1000), 1), maxRetryAfterSeconds);
}

export function assertValidRule(rule: RateLimitRule): void {
  if (!Number.isInteger(rule.points) || rule.points < 0) {
    throw new Error(
      `rate limit ${rule.name}: points must be a whole number ≥ 0 (0 disables the limit), got ${rule.points}`,
    );
  }
  if (
    !Number.isInteger(rule.durationSeconds) ||
    rule.durationSeconds < 1 ||
    rule.durationSeconds > maxRetryAfterSeconds
  ) {
    throw new Error(
      `rate limit ${rule.name}: durationSeconds must be a whole number from 1 to ${maxRetryAfterSeconds}, got ${rule.durationSeconds}`,
    );
  }
}

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
