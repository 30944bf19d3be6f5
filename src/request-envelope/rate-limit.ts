// The rate limit of a request (openapi.yaml "Rate limits", docs/identity.md#rate-limits): one
// check for every front door, counting the request against all of its keys in one step and
// refusing it with 429 RATE_LIMITED and its retry delay (each door says the delay its way:
// Retry-After beside its error body). The Koa routes' guard
// (src/http/rate-limit/rate-limit-middleware.ts), POST /graphql's fast lane and the data layer's
// /v1/graphql all count through it.
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors/app-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Counts one request from `address` sending `headers`; throws 429 RATE_LIMITED once spent. */
export type ClientRateLimit = (address: string, headers: IncomingHttpHeaders) => Promise<void>;

/** Counts a request against `keys`; throws 429 RATE_LIMITED when refused. */
export type RateLimitCheck = (keys: string | readonly string[]) => Promise<void>;

/**
 * Counts a request against all of `keys` at once (the address and the credential each count it;
 * either spent refuses it, and a refused request spends neither) and throws 429 RATE_LIMITED when
 * refused, its Retry-After the wait until every refusing count has room again. Null when the
 * limit is 0 (off): then no key need be computed (a credential's fingerprint is a hash).
 * `onRejected` is told the limit's name on every refusal (the rate_limit_rejections_total metric,
 * docs/metrics.md#rate-limits).
 */
export function rateLimitCheck(
  limiter: RateLimiter,
  onRejected: (limit: string) => void = () => {},
): RateLimitCheck | null {
  const { name, points, durationSeconds } = limiter.rule;
  if (points === 0) return null;
  return async (keys) => {
    const decision = await limiter.consume(keys);
    if (decision.allowed) return;
    const seconds = decision.retryAfterSeconds;
    onRejected(name);
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests: the ${name} limit is ${points} per ${durationSeconds} seconds; retry after ${seconds} seconds`,
      { retryAfterSeconds: seconds },
    );
  };
}
