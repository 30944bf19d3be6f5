// Who changes wallets through the business API, and where (docs/custody.md#wallet-operations):
// the acting user (docs/identity.md#acting-user: the key's owner, or the user X-Acting-User
// names, resolved by src/domain/identity/acting-user.ts), recorded as the creator and passed to
// the custodian; and the organization the key is confined to. A key bound to an organization,
// whatever its kind, changes only that organization's wallets; a key bound to none acts on any
// organization, exactly as the business API's reads decide (src/graphql/caller-organization.ts).
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import { type ActingUserDirectory, resolveActingUser } from '../identity/acting-user.ts';
import type { RequestLog } from './provider-failure-messages.ts';

export interface WalletCaller {
  /** The organization the caller is confined to; null: any organization. */
  readonly organizationId: string | null;
  /** The person the change is recorded for (app_user.id). */
  readonly actingUserId: string;
}

/**
 * An API key's request as the resolver hands it over: the key, the X-Acting-User it names, and
 * the request's id and logger, which a provider failure is told and logged with
 * (provider-failure-messages.ts).
 */
export interface WalletRequester {
  readonly key: ApiKeyPrincipal;
  readonly namedActingUser: string | undefined;
  readonly log: RequestLog;
}

/** Whether the caller may see and change a record of the organization. */
export function reaches(caller: WalletCaller, organizationId: string): boolean {
  return caller.organizationId === null || caller.organizationId === organizationId;
}

/**
 * The caller of a request; a refused acting user is an AppError (FORBIDDEN, or
 * VALIDATION_FAILED for a name no user can have), which the transport answers as a GraphQL error:
 * it is about the request's credentials, not its input.
 */
export async function walletCallerOf(requester: WalletRequester, users: ActingUserDirectory): Promise<WalletCaller> {
  return {
    organizationId: requester.key.organizationId,
    actingUserId: await resolveActingUser(requester.key, requester.namedActingUser, users),
  };
}
