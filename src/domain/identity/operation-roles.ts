// The one check of permissions.yaml `business_operations` (docs/identity.md#operation-roles): the
// acting person of an operation that records a person must hold one of the operation's roles in
// the organization it acts in (the wallet's, the quote's, the investor's, the KYC profile's), or
// one of its own-record roles when the record is theirs; platform administrators pass only where
// the pseudo-role platform_administrator is listed. Refused with FORBIDDEN, a GraphQL error: like a
// refused acting user it is about who asks, not about the input.
import {
  businessOperationRoles,
  type BusinessOperationName,
} from '../../../generated/permissions/business-operations.ts';
import { platformAdministratorRole, type BusinessOperationModel } from '../../access/permission-model.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ActingUserDirectory, OrganizationStanding } from './acting-user.ts';

/** One call of an operation: who acts, in which organization, and whose record it touches. */
export interface OperationAct {
  readonly operation: BusinessOperationName;
  readonly actingUserId: string;
  /** Null: a record of no organization (an investor of none), where only platform administrators hold a role. */
  readonly organizationId: string | null;
  /** The person the record belongs to (a fund request's investor); absent: no one's own. */
  readonly recordOwnerUserId?: string | null;
}

function heldRoles(standing: OrganizationStanding): readonly string[] {
  return standing.isPlatformAdmin ? [...standing.roles, platformAdministratorRole] : standing.roles;
}

/** Whether the standing admits the act under the operation's rule. */
export function admits(rule: BusinessOperationModel, standing: OrganizationStanding, act: OperationAct): boolean {
  const held = heldRoles(standing);
  if (rule.roles.some((role) => held.includes(role))) return true;
  const ownRecord = act.recordOwnerUserId !== undefined && act.recordOwnerUserId === act.actingUserId;
  return ownRecord && rule.ownRecordRoles.some((role) => held.includes(role));
}

/** "one of the roles a, b (or c for their own records)": what the operation needs. */
export function neededRolesText(rule: BusinessOperationModel): string {
  const roles = rule.roles.length > 0 ? `one of the roles ${rule.roles.join(', ')}` : 'a role no one holds';
  const own = rule.ownRecordRoles.length > 0 ? ` (or ${rule.ownRecordRoles.join(', ')} for their own records)` : '';
  return `${roles}${own}`;
}

export async function assertMayPerform(users: ActingUserDirectory, act: OperationAct): Promise<void> {
  const rule: BusinessOperationModel = businessOperationRoles[act.operation];
  const standing = await users.standingIn(act.actingUserId, act.organizationId);
  if (standing && admits(rule, standing, act)) return;
  throw new AppError(
    'FORBIDDEN',
    `${act.operation} needs ${neededRolesText(rule)} in organization ${act.organizationId ?? '(none)'}, which ${act.actingUserId} does not hold (permissions.yaml business_operations)`,
  );
}
