// Fixed-window rate limits (docs/identity.md#rate-limits, openapi.yaml "Rate limits"): in process
// memory by default, in Redis when REDIS_URL is set so every node counts against the same limit
// (docs/service.md#scale-out). A request counted under several keys (its address and its
// credential) is admitted only if each has room, and then spends on each; refused, it spends on none.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { createMemoryRateWindows } from './memory-rate-windows.ts';
import { createRedisRateWindows } from './redis-rate-windows.ts';
import type { WindowSpend } from './rate-windows.ts';

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
   * Counts one request, or `points` of it (the business API's cost budget counts an operation's
   * cost, docs/api-limits.md), against every one of `keys` in one step: allowed only if each has
   * the points left, and then each spends them; refused, none does, and `retryAfterSeconds` is the
   * wait for the last of the windows that refused it. Never rejects (a failing Redis is replaced
   * by this node's memory).
   */
  consume(keys: string | readonly string[], points?: number): Promise<RateLimitDecision>;
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
  const windows = store.redis
    ? createRedisRateWindows(rule, { ...store, redis: store.redis })
    : createMemoryRateWindows(rule);
  return {
    rule,
    async consume(keys, points = 1) {
      const distinct = typeof keys === 'string' ? [keys] : [...new Set(keys)];
      if (distinct.length === 0) return { allowed: true };
      return decisionOf(await windows.spend(distinct, points));
    },
  };
}

function decisionOf(spend: WindowSpend): RateLimitDecision {
  return spend.allowed ? spend : { allowed: false, retryAfterSeconds: retryAfterSeconds(spend.msBeforeNext) };
}

/**
 * The rate-limiter-flexible limiter of a rule with points > 0, for the failed-credential limit
 * (one key a request, src/request-envelope/failed-credential-limit.ts): in memory, or in Redis
 * with memory as insurance.
 */
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
