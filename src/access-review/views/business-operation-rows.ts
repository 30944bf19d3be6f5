// The business operations section of the permission matrix (permissions.yaml business_operations,
// docs/identity.md#operation-roles): one row per operation with the roles that may call it, the
// roles that may call it on their own records only, and its description. Shared by the Markdown
// matrix and the HTML page, so both say the same; cells hold Markdown inline code.
import { platformAdministratorRole, type PermissionModel } from '../../access/permission-model.ts';

export const businessOperationsHeader = ['operation', 'roles', 'own records only', 'description'] as const;

export const businessOperationsIntro =
  'The business GraphQL operations that record a person: the acting person must hold one of the roles in the organization the operation acts in (own records only: when the record is theirs). ' +
  `\`${platformAdministratorRole}\` stands for platform administrators (app_user.is_platform_admin), in every organization. ` +
  'Enforced by src/domain/identity/operation-roles.ts; docs/identity.md#operation-roles.';

const roleList = (roles: readonly string[]) => (roles.length > 0 ? roles.map((role) => `\`${role}\``).join(', ') : '—');

export function businessOperationRows(model: PermissionModel): string[][] {
  return Object.entries(model.businessOperations).map(([operation, rule]) => [
    `\`${operation}\``,
    roleList(rule.roles),
    roleList(rule.ownRecordRoles),
    rule.description,
  ]);
}
