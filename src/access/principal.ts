// Who is calling, as resolved by authentication (docs/identity.md); the one type the access
// layer and every handler read. The API key kinds are those the key store keeps.
import type { ApiKeyKind } from '../stores/api-key-kinds.ts';

export type { ApiKeyKind } from '../stores/api-key-kinds.ts';

/** How a user proved who they are; tokens and cookies differ in what they may do. */
export type UserCredential = 'session-cookie' | 'platform-token' | 'provider-token';

export type Principal =
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'api-key';
      readonly keyId: string;
      readonly keyKind: ApiKeyKind;
      readonly organizationId: string | null;
      readonly scopes: readonly string[];
      /** The user who created the key: who acts when the key names no one else (docs/identity.md#api-keys). */
      readonly ownerUserId: string | null;
    }
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly credential: UserCredential;
      /** The server-side session behind the credential; null for identity-provider tokens. */
      readonly sessionId: string | null;
      readonly organizationIds: readonly string[];
      /** Funds the user may see (user-directory.ts), the `allowedFunds` of a session. */
      readonly fundIds: readonly number[];
      readonly isAdministrator: boolean;
    };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type ApiKeyPrincipal = Extract<Principal, { kind: 'api-key' }>;

export const anonymous: Principal = Object.freeze({ kind: 'anonymous' });

/**
 * An administrator (docs/identity.md#credentials): an admin API key, or a session or bearer of a
 * user with the admin role.
 */
export function isAdministrator(principal: Principal): boolean {
  if (principal.kind === 'api-key') return principal.keyKind === 'admin';
  return principal.kind === 'user' && principal.isAdministrator;
}

/** Admin keys hold every scope (openapi.yaml, SDK init-token routes). */
export function apiKeyHasScope(principal: ApiKeyPrincipal, scope: string): boolean {
  return principal.keyKind === 'admin' || principal.scopes.includes(scope);
}

/**
 * Whether a user's credential names the organization among its memberships (as the session or
 * token recorded them): the one place a principal's organizations are compared, so the domain
 * never compares organization ids (docs/identity.md#organization-scope).
 */
export function credentialNamesOrganization(principal: Principal, organizationId: string): boolean {
  return principal.kind === 'user' && principal.organizationIds.includes(organizationId);
}
