// Lint rules over permissions.yaml business_operations (docs/access-review.md#lint):
// `operation-without-roles`, an operation that records a person
// (src/domain/identity/person-recording-operations.ts) with no entry, so no one could call it;
// and `unknown-operation-role`, an entry naming a role the file does not declare (the compiler
// refuses it too; lint repeats it for models it did not compile).
import { platformAdministratorRole, type PermissionModel } from '../../../access/permission-model.ts';
import { personRecordingOperations } from '../../../domain/identity/person-recording-operations.ts';
import type { LintFinding } from '../lint-finding.ts';

export function operationWithoutRoles(model: PermissionModel): LintFinding[] {
  return personRecordingOperations
    .filter((operation) => model.businessOperations[operation] === undefined)
    .map((operation) => ({
      rule: 'operation-without-roles',
      subject: { operation },
      message: `business operation '${operation}' records a person but permissions.yaml business_operations names no roles for it: no one may call it`,
    }));
}

export function unknownOperationRole(model: PermissionModel): LintFinding[] {
  return Object.entries(model.businessOperations).flatMap(([operation, rule]) =>
    [...new Set([...rule.roles, ...rule.ownRecordRoles])]
      .filter((role) => role !== platformAdministratorRole && model.roles[role] === undefined)
      .map((role) => ({
        rule: 'unknown-operation-role' as const,
        subject: { operation, role },
        message: `business operation '${operation}' names role '${role}', which permissions.yaml does not declare: no one holds it`,
      })),
  );
}
