// The per-minute budget of cost points (GRAPHQL_COST_RATE_LIMIT, docs/api-limits.md#the-cost-budget):
// each admitted operation spends its cost from the budget of its client address and of its
// credential, counted by the rate limiter the request limits use (in memory, or in Redis with
// REDIS_URL) in one step; past either, 429 RATE_LIMITED with the seconds until both have room,
// and neither budget spent.
import { AppError } from '../../errors/app-error.ts';
import { type RateLimiter, credentialFingerprint } from '../../request-envelope/rate-limiter.ts';

/** Who spends the points: the client address and the credential presented (an API key), never stored raw. */
export interface CostCaller {
  readonly ip: string;
  readonly credential?: string | undefined;
}

/** Spends `cost` points of `caller`'s budgets; throws 429 RATE_LIMITED when either is spent. */
export type CostBudget = (caller: CostCaller, cost: number) => Promise<void>;

export function costBudget(limiter: RateLimiter, onRejected: (limit: string) => void = () => {}): CostBudget | null {
  const { name, points, durationSeconds } = limiter.rule;
  if (points === 0) return null;
  return async (caller, cost) => {
    if (cost === 0) return;
    const decision = await limiter.consume(budgetKeys(caller), cost);
    if (decision.allowed) return;
    onRejected(name);
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests: the ${name} limit is ${points} points per ${durationSeconds} seconds and this operation costs ${cost}; retry after ${decision.retryAfterSeconds} seconds`,
      { retryAfterSeconds: decision.retryAfterSeconds, extensions: { cost } },
    );
  };
}

function budgetKeys(caller: CostCaller): string[] {
  const keys = [`graphql:ip:${caller.ip}`];
  if (caller.credential) keys.push(`graphql:credential:${credentialFingerprint(caller.credential)}`);
  return keys;
}
