// The data-access-layer claims of a platform access token (docs/identity.md#data-access-claims):
// the roles the user holds in their home organization plus `user`, which is the default.
import type { UserProfile } from '../../stores/user-directory.ts';
import type { DataAccessClaims } from './platform-tokens.ts';

export const defaultDataRole = 'user';

export function dataAccessClaims(profile: UserProfile): DataAccessClaims {
  const claims: DataAccessClaims = {
    'x-data-allowed-roles': [...new Set([defaultDataRole, ...profile.roles])],
    'x-data-default-role': defaultDataRole,
    'x-data-user-id': profile.id,
  };
  if (profile.organizationId) claims['x-data-organization-id'] = profile.organizationId;
  claims['x-data-allowed-funds'] = `{${profile.fundIds.join(',')}}`;
  return claims;
}
