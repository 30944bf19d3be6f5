// Who trades through the business API, and for which organization (docs/trading.md#who-may-trade):
// an API key bound to an organization quotes and trades only for it, and any other organization's
// quote answers as a missing one; a key bound to none (an admin key) reaches every organization.
// Requests that record a person carry the acting user (docs/identity.md#acting-user), who must
// belong to the organization traded for.
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { failWith } from '../outcomes/user-failure.ts';

export interface TradingCaller {
  /** The organization the API key is bound to; null: any organization. */
  readonly organizationId: string | null;
}

export interface ActingTradingCaller extends TradingCaller {
  /** The person the quote or trade is recorded for (app_user.id). */
  readonly actingUserId: string;
}

/** Whether the caller may see and act on a record of the organization. */
export function reaches(caller: TradingCaller, organizationId: string): boolean {
  return caller.organizationId === null || caller.organizationId === organizationId;
}

/** FORBIDDEN unless the acting user belongs to the organization. */
export async function assertMember(
  users: ActingUserDirectory,
  caller: ActingTradingCaller,
  organizationId: string,
): Promise<void> {
  const user = await users.find(caller.actingUserId);
  if (!user?.organizationIds.includes(organizationId))
    failWith('FORBIDDEN', `the acting user ${caller.actingUserId} does not belong to organization ${organizationId}`);
}
