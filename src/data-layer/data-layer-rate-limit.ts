// The rate limit of POST /v1/graphql (openapi.yaml "Rate limits", docs/data-layer.md#limits): the
// composition root hands in the shared limiter (API_RATE_LIMIT per client address and per
// credential); the data layer only asks it and answers 429 RATE_LIMITED with Retry-After.
import type { IncomingMessage } from 'node:http';
import { DataLayerError } from './data-layer-error.ts';

export type DataLayerRateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface DataLayerRateLimit {
  readonly rule: { readonly points: number; readonly durationSeconds: number };
  /** Counts the request; never rejects. */
  consume(request: IncomingMessage): Promise<DataLayerRateLimitDecision>;
}

/** Throws 429 once the caller's budget is spent; the error carries the delay for Retry-After. */
export async function checkDataLayerRateLimit(limit: DataLayerRateLimit, request: IncomingMessage): Promise<void> {
  const decision = await limit.consume(request);
  if (decision.allowed) return;
  const { points, durationSeconds } = limit.rule;
  throw new DataLayerError(
    'RATE_LIMITED',
    `Too many requests: the api limit is ${points} per ${durationSeconds} seconds; retry after ${decision.retryAfterSeconds} seconds`,
    '$',
    decision.retryAfterSeconds,
  );
}
