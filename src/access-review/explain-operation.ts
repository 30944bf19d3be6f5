// `access explain --operation`: who may call one business operation that records a person
// (permissions.yaml business_operations, docs/access-review.md#business-operations), and with
// `--role`, whether a person holding that role may: on every record of the organization the
// operation acts in, on their own records only, or not at all. Answered from the compiled rules
// the service enforces (src/domain/identity/operation-roles.ts).
import { platformAdministratorRole, type PermissionModel } from '../access/permission-model.ts';
import { ownCredentialOperations } from '../domain/identity/own-credential.ts';
import { ReviewError } from './review-error.ts';

export interface OperationExplanation {
  readonly operation: string;
  readonly description: string;
  readonly roles: readonly string[];
  readonly ownRecordRoles: readonly string[];
  /** Whether platform administrators (app_user.is_platform_admin) may call it. */
  readonly platformAdministrators: boolean;
  readonly role: string | null;
  /** With a role: what a person holding only that role may do; null without one. */
  readonly allowed: 'every-record' | 'own-records' | 'no' | null;
  readonly summary: string;
  readonly notes: readonly string[];
}

const notes = [
  'The acting person is the API key’s owner, or the user X-Acting-User names; the roles are those held in the organization the operation acts in (organization_membership): the wallet’s, quote’s, fund request investor’s or KYC profile’s (docs/identity.md#operation-roles).',
  'Refused with FORBIDDEN naming the operation and the roles it needs.',
];

function checkRole(model: PermissionModel, role: string): void {
  if (role === platformAdministratorRole || model.roles[role] !== undefined) return;
  throw new ReviewError(
    `unknown role '${role}' (roles: ${[...Object.keys(model.roles), platformAdministratorRole].join(', ')})`,
  );
}

function summaryOf(operation: string, role: string | null, allowed: OperationExplanation['allowed']): string {
  if (role === null) return `who may call ${operation}`;
  if (allowed === 'every-record') return `a person holding ${role} may call ${operation} on the organization's records`;
  if (allowed === 'own-records') return `a person holding ${role} may call ${operation} on their own records only`;
  return `a person holding only ${role} may not call ${operation}`;
}

export function explainOperation(
  model: PermissionModel,
  question: { readonly operation: string; readonly role?: string | undefined },
): OperationExplanation {
  const rule = model.businessOperations[question.operation];
  if (!rule)
    throw new ReviewError(
      `unknown business operation '${question.operation}' (operations: ${Object.keys(model.businessOperations).join(', ')})`,
    );
  const role = question.role ?? null;
  if (role !== null) checkRole(model, role);
  const allowed =
    role === null
      ? null
      : rule.roles.includes(role)
        ? 'every-record'
        : rule.ownRecordRoles.includes(role)
          ? 'own-records'
          : 'no';
  return {
    operation: question.operation,
    description: rule.description,
    roles: rule.roles,
    ownRecordRoles: rule.ownRecordRoles,
    platformAdministrators: rule.roles.includes(platformAdministratorRole),
    role,
    allowed,
    summary: summaryOf(question.operation, role, allowed),
    notes: (ownCredentialOperations as readonly string[]).includes(question.operation)
      ? [
          ...notes,
          'Four eyes need four eyes: the API key’s owner only; X-Acting-User naming anyone else is refused (docs/identity.md#four-eyes).',
        ]
      : notes,
  };
}

export function renderOperationExplanation(explanation: OperationExplanation): string {
  const list = (roles: readonly string[]) => (roles.length > 0 ? roles.join(', ') : '(none)');
  return [
    `${explanation.operation}: ${explanation.summary}`,
    `  ${explanation.description}`,
    `  roles: ${list(explanation.roles)}`,
    `  own records only: ${list(explanation.ownRecordRoles)}`,
    `  platform administrators: ${explanation.platformAdministrators ? 'yes' : 'no'}`,
    ...explanation.notes.map((note) => `  note: ${note}`),
    '',
  ].join('\n');
}
