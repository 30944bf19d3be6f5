// Who acts when an API key calls an operation that records a person (wallet creation, sends,
// approvals, trades; docs/identity.md#acting-user): the key's owner, or the user the request
// names (the X-Acting-User header, or `actingUser` in a subscription's connection parameters).
// A named user must exist and, for a key bound to an organization, belong to it; the two
// failures share one message so a key cannot probe for users outside its organization.
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import { unstorableText } from '../text/storable-text.ts';

export const actingUserHeader = 'X-Acting-User';

/** Where a person stands in one organization: the roles held there, and the platform flag. */
export interface OrganizationStanding {
  readonly roles: readonly string[];
  /** app_user.is_platform_admin: holds the pseudo-role platform_administrator everywhere. */
  readonly isPlatformAdmin: boolean;
}

export interface ActingUserDirectory {
  find(userId: string): Promise<{ readonly organizationIds: readonly string[] } | null>;
  /** The person's standing in the organization; null: no such user (docs/identity.md#operation-roles). */
  standingIn(userId: string, organizationId: string | null): Promise<OrganizationStanding | null>;
}

export async function resolveActingUser(
  caller: ApiKeyPrincipal,
  named: string | undefined,
  users: ActingUserDirectory,
): Promise<string> {
  if (named === undefined || named === '') {
    if (caller.ownerUserId) return caller.ownerUserId;
    throw new AppError(
      'FORBIDDEN',
      `this API key has no owner to act for it: name the acting user with ${actingUserHeader}`,
    );
  }
  if (named.length > 255 || unstorableText(named))
    throw new AppError('VALIDATION_FAILED', `${actingUserHeader} must be a user id of at most 255 characters`);
  const user = await users.find(named);
  const allowed = user && (caller.organizationId === null || user.organizationIds.includes(caller.organizationId));
  if (!allowed) throw new AppError('FORBIDDEN', `${actingUserHeader} names no user of this API key's organization`);
  return named;
}
