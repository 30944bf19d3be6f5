// Who trades through the business API, and for which organization (docs/trading.md#who-may-trade):
// an API key's organization scope bounds the organizations it quotes and trades for, and the
// readers apply it (docs/identity.md#organization-scope): any other organization's quote answers
// as a missing one. Requests that record a person carry the acting user
// (docs/identity.md#acting-user), who must belong to the organization traded for, as the user
// directory answers.
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { failWith } from '../outcomes/user-failure.ts';

/** FORBIDDEN unless the acting user belongs to the organization. */
export async function assertMember(
  users: ActingUserDirectory,
  caller: ActingCaller,
  organizationId: string,
): Promise<void> {
  if (!(await users.belongsTo(caller.actingUserId, organizationId)))
    failWith('FORBIDDEN', `the acting user ${caller.actingUserId} does not belong to organization ${organizationId}`);
}
