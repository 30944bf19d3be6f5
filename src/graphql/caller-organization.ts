// The organization whose wallets a business API caller may see (docs/identity.md#scopes): an API
// key bound to an organization sees only that one; an admin key, bound to none, sees every one.
import { type OrganizationScope, scopeOfPrincipal } from '../access/organization-scope.ts';
import type { GraphqlContext } from './graphql-context.ts';

/** The organization an API key is bound to; null for a key that sees every organization. */
export function callerOrganization(context: GraphqlContext): string | null {
  return context.principal.kind === 'api-key' ? context.principal.organizationId : null;
}

/** The caller's organization scope, which every business reader takes (src/access/organization-scope.ts). */
export function callerScope(context: GraphqlContext): OrganizationScope {
  return scopeOfPrincipal(context.principal);
}
