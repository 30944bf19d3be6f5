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
  const { name, points, durationSeconds } = limiter.rule;
  // A limit of 0 is off: no key to compute (a credential's fingerprint is a hash), nothing to count.
  if (points === 0) return (_ctx, next) => next();
  return async (ctx, next) => {
    // Several keys (the address and the credential) each count the request; any spent refuses it.
    const keys = keyOf(ctx);
    const decisions = await Promise.all((typeof keys === 'string' ? [keys] : keys).map((key) => limiter.consume(key)));
    const decision = decisions.find((found) => !found.allowed) ?? { allowed: true as const };
    if (!decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      onRejected(name);
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests: the ${name} limit is ${points} per ${durationSeconds} seconds; retry after ${seconds} seconds`,
        { retryAfterSeconds: seconds },
      );
    }
    await next();
  };
}
