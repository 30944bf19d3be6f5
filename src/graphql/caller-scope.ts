// The organization scope of a business API caller (docs/identity.md#organization-scope): an API
// key bound to an organization reaches only that one; an admin key, bound to none, reaches every
// one. Resolvers hand it to the services, whose readers apply it in their own statements.
import { type OrganizationScope, scopeOfPrincipal } from '../access/organization-scope.ts';
import type { GraphqlContext } from './graphql-context.ts';

/** The caller's organization scope, which every business reader takes (src/access/organization-scope.ts). */
export function callerScope(context: GraphqlContext): OrganizationScope {
  return scopeOfPrincipal(context.principal);
}
