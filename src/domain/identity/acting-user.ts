// Who acts when an API key calls an operation that records a person (wallet creation, sends,
// approvals, trades; docs/identity.md#acting-user): the key's owner, or the user the request
// names (the X-Acting-User header, or `actingUser` in a subscription's connection parameters).
// A named user must exist and, for a key bound to an organization, belong to it, which the user
// directory answers within the key's scope (docs/identity.md#organization-scope); the two
// failures share one message so a key cannot probe for users outside its organization.
import { type OrganizationScope, scopeOfPrincipal } from '../../access/organization-scope.ts';
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

/** Who acts, and within which organization scope: what a mutation recording a person carries. */
export interface ActingCaller {
  readonly scope: OrganizationScope;
  /** The acting user (app_user.id). */
  readonly actingUserId: string;
}

export interface ActingUserDirectory {
  /** Whether the user exists and, in a scope bound to an organization, belongs to it. */
  inScope(userId: string, scope: OrganizationScope): Promise<boolean>;
  /** Whether the user belongs to the organization (home or membership); false for no such user. */
  belongsTo(userId: string, organizationId: string): Promise<boolean>;
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
  if (!(await users.inScope(named, scopeOfPrincipal(caller))))
    throw new AppError('FORBIDDEN', `${actingUserHeader} names no user of this API key's organization`);
  return named;
}
