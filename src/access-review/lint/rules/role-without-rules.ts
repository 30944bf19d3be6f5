// Lint rule `role-without-rules`: a role with no rule on any table can do nothing through the data
// layer (the permissions compiler refuses it too; lint repeats it for models it did not check).
import type { PermissionModel } from '../../../access/permission-model.ts';
import type { LintFinding } from '../lint-finding.ts';

export function roleWithoutRules(model: PermissionModel): LintFinding[] {
  return Object.keys(model.roles)
    .filter((role) => Object.keys(model.permissions[role] ?? {}).length === 0)
    .map((role) => ({
      rule: 'role-without-rules',
      subject: { role },
      message: `role '${role}' has no rule on any table: it can do nothing through the data layer`,
    }));
}
