// The failed-credential limit (docs/identity.md#failed-credentials): wrong or revoked API keys,
// wrong data-layer admin secrets and bearer tokens that do not verify are counted per client
// address on both ports and every transport; once an address has spent FAILED_CREDENTIAL_LIMIT in
// a minute, no credential it presents is checked until the minute is over (429 with Retry-After),
// so guessing costs the guesser a minute per few dozen tries and the service nothing. Requests
// that present a valid credential count nothing here; shared through Redis with REDIS_URL.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createBoundedCache } from '../cache/bounded-cache.ts';
import { AppError } from '../errors/app-error.ts';
import { isCredentialRefusal } from '../errors/credential-refusal.ts';
import {
  type RateLimitDecision,
  type RateLimitRule,
  type RateLimitStore,
  assertValidRule,
  flexibleLimiter,
  retryAfterSeconds,
} from './rate-limiter.ts';
import { throttledWarning } from './throttled-warning.ts';

export interface FailedCredentialLimit {
  readonly rule: RateLimitRule;
  /**
   * Whether `address` may present a credential now; never rejects (a failing store allows it).
   * At once for an address this node saw no refusal from, as nearly every request's.
   */
  check(address: string): RateLimitDecision | Promise<RateLimitDecision>;
  /** Counts one refused credential from `address`; never rejects. */
  failed(address: string): Promise<void>;
}

const allowed: RateLimitDecision = Object.freeze({ allowed: true });

export function createFailedCredentialLimit(points: number, store: RateLimitStore): FailedCredentialLimit {
  const rule: RateLimitRule = { name: 'failed-credential', points, durationSeconds: 60 };
  assertValidRule(rule);
  if (points === 0) return { rule, check: () => allowed, failed: async () => {} };
  const limiter = flexibleLimiter(rule, store);
  // Addresses this node saw a refusal from within the window: only they are looked up, so a
  // request with a valid credential from anywhere else costs no lookup. With Redis an address
  // that failed on other nodes only is looked up after its first refusal here.
  const suspects = createBoundedCache<true>({ maxEntries: 100_000, ttlMs: rule.durationSeconds * 1000 });
  const warnings = throttledWarning(store.logger, 60_000);
  const warn = (error: unknown) =>
    warnings.warn({ err: error, rateLimit: rule.name }, 'rate limiter failed; credential checked without counting');
  async function lookUp(address: string): Promise<RateLimitDecision> {
    try {
      const spent = await limiter.get(address);
      if (!spent || spent.consumedPoints < points) return allowed;
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(spent.msBeforeNext) };
    } catch (error) {
      warn(error);
      return allowed;
    }
  }
  return {
    rule,
    check: (address) => (suspects.get(address) ? lookUp(address) : allowed),
    async failed(address) {
      suspects.set(address, true);
      try {
        await limiter.consume(address);
      } catch (rejection) {
        // Past the limit already: the count stands, nothing more to record.
        if (!(rejection instanceof RateLimiterRes)) warn(rejection);
      }
    },
  };
}

/** The message of a refusal, the same on every transport (each door's `tooMany` carries it). */
function failedCredentialMessage(limit: FailedCredentialLimit, retryAfter: number): string {
  return `Too many failed credentials from this address: the limit is ${limit.rule.points} per ${limit.rule.durationSeconds} seconds; retry after ${retryAfter} seconds`;
}

/**
 * How one door answers under the limit: the 429 it throws past it, in its own error type, and which
 * of its errors refuse a presented credential (each counted).
 */
export interface CredentialDoor {
  tooMany(message: string, retryAfterSeconds: number): Error;
  counts(error: unknown): boolean;
}

/** The business API's doors: 429 RATE_LIMITED; UNAUTHENTICATED, or FORBIDDEN for a revoked key, counted. */
const businessDoor: CredentialDoor = {
  tooMany: (message, retryAfterSeconds) => new AppError('RATE_LIMITED', message, { retryAfterSeconds }),
  counts: isCredentialRefusal,
};

/**
 * `check(credential)` from `address` under the limit, for every door: past the limit the door's
 * 429 without looking at the credential; a refusal `door.counts` is counted, then rethrown. At
 * once, without a promise, when the address needs no lookup and `check` answers at once (the data
 * layer's admin secret on every request). The credential is passed beside `check`, not closed
 * over, so that hot path allocates no closure per request.
 */
export function underCredentialLimit<C, T>(
  limit: FailedCredentialLimit,
  address: string,
  door: CredentialDoor,
  check: (credential: C) => T | Promise<T>,
  credential: C,
): T | Promise<T> {
  const decision = limit.check(address);
  return decision instanceof Promise
    ? decision.then((settled) => checkAllowed(limit, address, door, check, credential, settled))
    : checkAllowed(limit, address, door, check, credential, decision);
}

function checkAllowed<C, T>(
  limit: FailedCredentialLimit,
  address: string,
  door: CredentialDoor,
  check: (credential: C) => T | Promise<T>,
  credential: C,
  decision: RateLimitDecision,
): T | Promise<T> {
  if (!decision.allowed)
    throw door.tooMany(failedCredentialMessage(limit, decision.retryAfterSeconds), decision.retryAfterSeconds);
  let checked: T | Promise<T>;
  try {
    checked = check(credential);
  } catch (error) {
    return refused(limit, address, door, error);
  }
  return checked instanceof Promise ? checked.catch((error: unknown) => refused(limit, address, door, error)) : checked;
}

/** Rethrows `error` once it is counted, when the door counts it. */
async function refused(
  limit: FailedCredentialLimit,
  address: string,
  door: CredentialDoor,
  error: unknown,
): Promise<never> {
  if (door.counts(error)) await limit.failed(address);
  throw error;
}

/**
 * A business API credential from `address` checked under the limit (the HTTP app, POST /graphql's
 * fast lane and the graphql-ws sockets); always a promise.
 */
export async function checkCredential<T>(
  limit: FailedCredentialLimit,
  address: string,
  attempt: () => Promise<T>,
): Promise<T> {
  return underCredentialLimit(limit, address, businessDoor, callAttempt, attempt);
}

function callAttempt<T>(attempt: () => Promise<T>): Promise<T> {
  return attempt();
}
