// Answers 429 RATE_LIMITED with Retry-After (openapi.yaml `TooManyRequests`) once a key has
// used its limit; the error body itself is written by handle-errors.ts.
import type { DefaultState, Middleware, ParameterizedContext } from 'koa';
import { AppError } from '../../errors/app-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

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

/**
 * Counts a request against each of `keys` (the address and the credential each count it; any
 * spent refuses it) and throws 429 RATE_LIMITED when refused. Null when the limit is 0 (off):
 * then no key need be computed (a credential's fingerprint is a hash). Also used outside Koa
 * (the GraphQL fast lane, src/graphql/graphql-fast-lane.ts).
 */
export function rateLimitCheck(
  limiter: RateLimiter,
  onRejected: (limit: string) => void = () => {},
): ((keys: string | readonly string[]) => Promise<void>) | null {
  const { name, points, durationSeconds } = limiter.rule;
  if (points === 0) return null;
  return async (keys) => {
    const decisions = await Promise.all((typeof keys === 'string' ? [keys] : keys).map((key) => limiter.consume(key)));
    const decision = decisions.find((found) => !found.allowed) ?? { allowed: true as const };
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
