// The failed-credential limit on the data layer's port (docs/identity.md#failed-credentials): the
// composition root hands in the limiter every port uses (src/request-envelope/failed-credential-limit.ts);
// the data layer asks it before looking at a credential and tells it of each wrong secret or
// token, answering 429 RATE_LIMITED with Retry-After past it. Only a credential that was sent and
// refused as unauthenticated counts: a role the credential may not act as (403) is no guess.
import type { IncomingMessage } from 'node:http';
import { type FailedCredentialLimit, failedCredentialMessage } from '../request-envelope/failed-credential-limit.ts';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { DataLayerError } from './data-layer-error.ts';

/** `authenticate` under the limit; a credential that was sent and refused as unauthenticated is counted. */
export async function authenticateUnderLimit(
  limit: FailedCredentialLimit | undefined,
  request: Pick<IncomingMessage, 'headers'> & { readonly socket: { readonly remoteAddress?: string | undefined } },
  authenticate: DataAuthenticator,
): Promise<DataCaller> {
  if (!limit) return authenticate(request.headers);
  const address = request.socket.remoteAddress ?? '';
  const decision = await limit.check(address);
  if (!decision.allowed) {
    throw new DataLayerError(
      'RATE_LIMITED',
      failedCredentialMessage(limit, decision.retryAfterSeconds),
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
