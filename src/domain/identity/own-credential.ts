// Four eyes need four eyes (docs/identity.md#four-eyes): an operation that is someone's second
// pair of eyes (schema.graphql Mutation.bitgoResolveApproval) acts only for the API key's own
// owner. An X-Acting-User header, or a subscription's `actingUser`, naming anyone else is refused:
// with one organization key a caller could otherwise approve "as" any colleague.
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import { actingUserHeader } from './acting-user.ts';

/** The operations that act for the key's owner only, whatever X-Acting-User names. */
export const ownCredentialOperations = ['bitgoResolveApproval'] as const;

export type OwnCredentialOperation = (typeof ownCredentialOperations)[number];

/** The key's owner, the only person who may act through it for `operation`. */
export function ownCredentialUser(
  caller: ApiKeyPrincipal,
  named: string | undefined,
  operation: OwnCredentialOperation,
): string {
  const owner = caller.ownerUserId;
  if (!owner)
    throw new AppError(
      'FORBIDDEN',
      `${operation} needs the approver's own credential: this API key has no owner; use an API key owned by the approver`,
    );
  if (named !== undefined && named !== '' && named !== owner)
    throw new AppError(
      'FORBIDDEN',
      `${operation} needs the approver's own credential: ${actingUserHeader} may not name another user; use an API key owned by the approver`,
    );
  return owner;
}
