// Who changes wallets through the business API, and where (docs/custody.md#wallet-operations):
// the acting user (docs/identity.md#acting-user: the key's owner, or the user X-Acting-User
// names, resolved by src/domain/identity/acting-user.ts), recorded as the creator and passed to
// the custodian; and the key's organization scope (docs/identity.md#organization-scope), which
// every reader applies. A key bound to an organization, whatever its kind, changes only that
// organization's wallets; a key bound to none acts on any organization, exactly as the business
// API's reads decide.
import { type OrganizationScope, scopeOfPrincipal } from '../../access/organization-scope.ts';
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import { type ActingUserDirectory, resolveActingUser } from '../identity/acting-user.ts';
import type { RequestLog } from './provider-failure-messages.ts';

export interface WalletCaller {
  /** What the caller reaches: every wallet reader is handed it. */
  readonly scope: OrganizationScope;
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

/**
 * The caller of a request; a refused acting user is an AppError (FORBIDDEN, or
 * VALIDATION_FAILED for a name no user can have), which the transport answers as a GraphQL error:
 * it is about the request's credentials, not its input.
 */
export async function walletCallerOf(requester: WalletRequester, users: ActingUserDirectory): Promise<WalletCaller> {
  return {
    scope: scopeOfPrincipal(requester.key),
    actingUserId: await resolveActingUser(requester.key, requester.namedActingUser, users),
  };
}
