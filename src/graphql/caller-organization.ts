// The organization whose wallets a business API caller may see (docs/identity.md#scopes): an API
// key bound to an organization sees only that one; an admin key, bound to none, sees every one.
import type { GraphqlContext } from './graphql-context.ts';

/** The organization an API key is bound to; null for a key that sees every organization. */
export function callerOrganization(context: GraphqlContext): string | null {
  return context.principal.kind === 'api-key' ? context.principal.organizationId : null;
}
