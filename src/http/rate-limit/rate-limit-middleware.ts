// A route's rate limit in Koa: answers 429 RATE_LIMITED with Retry-After (openapi.yaml
// `TooManyRequests`) once a key has used its limit, by the check every front door counts through
// (src/request-envelope/rate-limit.ts); the error body itself is written by handle-errors.ts.
import type { DefaultState, Middleware, ParameterizedContext } from 'koa';
import { rateLimitCheck } from '../../request-envelope/rate-limit.ts';
import type { RateLimiter } from '../../request-envelope/rate-limiter.ts';

/**
 * `keyOf` names what is counted: the client address plus the route group (`ctx.ip` is the
 * socket address unless the app trusts a proxy), or `credentialFingerprint(secret)`, never a
 * raw secret.
 */
export function rateLimit<State = DefaultState>(
  limiter: RateLimiter,
  keyOf: (ctx: ParameterizedContext<State>) => string | readonly string[],
  /** Told the limit's name on every refusal (the rate_limit_rejections_total metric, docs/metrics.md#rate-limits). */
  onRejected: (limit: string) => void = () => {},
): Middleware<State> {
  const check = rateLimitCheck(limiter, onRejected);
  if (!check) return (_ctx, next) => next();
  return async (ctx, next) => {
    await check(keyOf(ctx));
    await next();
  };
}
