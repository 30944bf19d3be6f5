// The acting user of a business API request (docs/identity.md#acting-user): the key's owner, or
// the user the X-Acting-User header names (GraphqlContext.actingUser holds the header as sent),
// resolved by src/domain/identity/acting-user.ts. Resolvers of operations that record a person
// call it once per request; the root-field guard has already refused callers other than API keys.
// Approvals take the key's owner only (ownActingUserOf, src/domain/identity/own-credential.ts).
import type { ActingUserDirectory } from '../domain/identity/acting-user.ts';
import { resolveActingUser } from '../domain/identity/acting-user.ts';
import { ownCredentialUser, type OwnCredentialOperation } from '../domain/identity/own-credential.ts';
import { keyRequired } from '../errors/credential-refusal.ts';
import type { GraphqlContext } from './graphql-context.ts';

export function actingUserOf(context: GraphqlContext, users: ActingUserDirectory): Promise<string> {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
  return resolveActingUser(principal, context.actingUser, users);
}

/**
 * The acting user of an operation that is someone's second pair of eyes (bitgoResolveApproval):
 * the key's owner only; X-Acting-User naming anyone else is refused (docs/identity.md#four-eyes).
 */
export function ownActingUserOf(context: GraphqlContext, operation: OwnCredentialOperation): string {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
  return ownCredentialUser(principal, context.actingUser, operation);
}
