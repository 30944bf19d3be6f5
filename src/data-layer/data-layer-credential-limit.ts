// The failed-credential limit on the data layer's port (docs/identity.md#failed-credentials): the
// composition root hands in the limiter every port uses (src/request-envelope/failed-credential-limit.ts);
// the data layer asks it before looking at a credential and tells it of each wrong secret or
// token, answering 429 RATE_LIMITED with Retry-After past it. Only a credential that was sent and
// refused as unauthenticated counts: a role the credential may not act as (403) is no guess.
import type { IncomingMessage } from 'node:http';
import { type FailedCredentialLimit, failedCredentialMessage } from '../request-envelope/failed-credential-limit.ts';
import type { RateLimitDecision } from '../request-envelope/rate-limiter.ts';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { DataLayerError } from './data-layer-error.ts';

type LimitedRequest = Pick<IncomingMessage, 'headers'> & {
  readonly socket: { readonly remoteAddress?: string | undefined };
};

/**
 * `authenticate` under the limit; a credential that was sent and refused as unauthenticated is
 * counted. At once, without a promise, when the address needs no lookup and the credential none
 * (the admin secret), as `authenticate` answers (authenticate-data-request.ts).
 */
export function authenticateUnderLimit(
  limit: FailedCredentialLimit | undefined,
  request: LimitedRequest,
  authenticate: DataAuthenticator,
): DataCaller | Promise<DataCaller> {
  if (!limit) return authenticate(request.headers);
  const address = request.socket.remoteAddress ?? '';
  const decision = limit.check(address);
  return decision instanceof Promise
    ? decision.then((settled) => authenticateAllowed(limit, request, authenticate, address, settled))
    : authenticateAllowed(limit, request, authenticate, address, decision);
}

function authenticateAllowed(
  limit: FailedCredentialLimit,
  request: LimitedRequest,
  authenticate: DataAuthenticator,
  address: string,
  decision: RateLimitDecision,
): DataCaller | Promise<DataCaller> {
  if (!decision.allowed) {
    throw new DataLayerError(
      'RATE_LIMITED',
      failedCredentialMessage(limit, decision.retryAfterSeconds),
      '$',
      decision.retryAfterSeconds,
    );
  }
  let caller: DataCaller | Promise<DataCaller>;
  try {
    caller = authenticate(request.headers);
  } catch (error) {
    return refused(limit, request, address, error);
  }
  return caller instanceof Promise ? caller.catch((error: unknown) => refused(limit, request, address, error)) : caller;
}

/** Rethrows `error` once a refused credential that was sent is counted. */
async function refused(
  limit: FailedCredentialLimit,
  request: LimitedRequest,
  address: string,
  error: unknown,
): Promise<never> {
  const sent = request.headers['x-data-admin-secret'] !== undefined || request.headers.authorization !== undefined;
  if (sent && error instanceof DataLayerError && error.code === 'UNAUTHENTICATED') await limit.failed(address);
  throw error;
}
