// The failed-credential limit on the data layer's port (docs/identity.md#failed-credentials): the
// composition root hands in the limiter every port uses (src/request-envelope/failed-credential-limit.ts);
// the data layer asks it before looking at a credential and tells it of each wrong secret or
// token, answering 429 RATE_LIMITED with Retry-After past it. Only a credential that was sent and
// refused as unauthenticated counts: a role the credential may not act as (403) is no guess.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type CredentialDoor,
  type FailedCredentialLimit,
  underCredentialLimit,
} from '../request-envelope/failed-credential-limit.ts';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { DataLayerError } from './data-layer-error.ts';

type LimitedRequest = Pick<IncomingMessage, 'headers'> & {
  readonly socket: { readonly remoteAddress?: string | undefined };
};

const tooMany = (message: string, retryAfterSeconds: number) =>
  new DataLayerError('RATE_LIMITED', message, '$', retryAfterSeconds);

/** A secret or token that was sent: its UNAUTHENTICATED refusal is counted. */
const presentedDoor: CredentialDoor = {
  tooMany,
  counts: (error) => error instanceof DataLayerError && error.code === 'UNAUTHENTICATED',
};

/** Nothing sent: refused, but no guess to count. */
const nothingPresentedDoor: CredentialDoor = { tooMany, counts: () => false };

function presentsCredential(headers: IncomingHttpHeaders): boolean {
  return headers['x-data-admin-secret'] !== undefined || headers.authorization !== undefined;
}

/**
 * `authenticate` under the limit (src/request-envelope/failed-credential-limit.ts). At once,
 * without a promise, when the address needs no lookup and the credential none (the admin secret),
 * as `authenticate` answers (authenticate-data-request.ts).
 */
export function authenticateUnderLimit(
  limit: FailedCredentialLimit | undefined,
  request: LimitedRequest,
  authenticate: DataAuthenticator,
): DataCaller | Promise<DataCaller> {
  if (!limit) return authenticate(request.headers);
  const door = presentsCredential(request.headers) ? presentedDoor : nothingPresentedDoor;
  return underCredentialLimit(limit, request.socket.remoteAddress ?? '', door, authenticate, request.headers);
}
