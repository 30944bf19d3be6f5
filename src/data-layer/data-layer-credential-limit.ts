// The failed-credential limit on the data layer's port (docs/identity.md#failed-credentials): the
// composition root hands in the limiter the business port uses (src/http/rate-limit/failed-credential-limit.ts);
// the data layer asks it before looking at a credential and tells it of each wrong secret or
// token, answering 429 RATE_LIMITED with Retry-After past it.
import type { IncomingMessage } from 'node:http';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { DataLayerError } from './data-layer-error.ts';
import type { DataLayerRateLimitDecision } from './data-layer-rate-limit.ts';

export interface DataLayerCredentialLimit {
  readonly rule: { readonly points: number; readonly durationSeconds: number };
  check(address: string): Promise<DataLayerRateLimitDecision>;
  failed(address: string): Promise<void>;
}

/** `authenticate` under the limit; a credential that was sent and refused as unauthenticated is counted. */
export async function authenticateUnderLimit(
  limit: DataLayerCredentialLimit | undefined,
  request: IncomingMessage,
  authenticate: DataAuthenticator,
): Promise<DataCaller> {
  if (!limit) return authenticate(request.headers);
  const address = request.socket.remoteAddress ?? '';
  const decision = await limit.check(address);
  if (!decision.allowed) {
    const { points, durationSeconds } = limit.rule;
    throw new DataLayerError(
      'RATE_LIMITED',
      `Too many failed credentials from this address: the limit is ${points} per ${durationSeconds} seconds; retry after ${decision.retryAfterSeconds} seconds`,
      '$',
      decision.retryAfterSeconds,
    );
  }
  try {
    return await authenticate(request.headers);
  } catch (error) {
    const sent = request.headers['x-data-admin-secret'] !== undefined || request.headers.authorization !== undefined;
    if (sent && error instanceof DataLayerError && error.code === 'UNAUTHENTICATED') await limit.failed(address);
    throw error;
  }
}
