// permissions.yaml `business_operations` → the model's businessOperations (docs/identity.md#operation-roles):
// each name must be a root field of schema.graphql (when the compiler is given them) and each
// role one declared under `roles`, or the platform administrators' pseudo-role.
import { platformAdministratorRole, type BusinessOperationModel } from '../../../src/access/permission-model.ts';
import { report, type CompileContext } from './compile-context.ts';
import type { PermissionsSource, RawBusinessOperation } from './permissions-source.ts';
import { compareNames } from './sort-names.ts';

type Issues = Pick<CompileContext, 'issues'>;

function checkRoles(
  context: Issues,
  source: PermissionsSource,
  operation: string,
  field: 'roles' | 'own_records',
  roles: readonly string[],
): void {
  roles.forEach((role, index) => {
    if (role === platformAdministratorRole && field === 'roles') return;
    if (role === platformAdministratorRole)
      report(
        context,
        ['business_operations', operation, field, index],
        'value',
        `'${platformAdministratorRole}' owns no records: list it under roles of business operation '${operation}'`,
      );
    else if (!Object.hasOwn(source.roles, role))
      report(
        context,
        ['business_operations', operation, field, index],
        'value',
        `unknown role '${role}' (business operation '${operation}'; roles are declared under roles, or '${platformAdministratorRole}')`,
      );
  });
}

function compileOperation(
  context: Issues,
  source: PermissionsSource,
  operation: string,
  raw: RawBusinessOperation,
  rootFields: ReadonlySet<string> | null,
): BusinessOperationModel {
  if (rootFields && !rootFields.has(operation))
    report(
      context,
      ['business_operations', operation],
      'key',
      `'${operation}' is not a root field of schema.graphql (Query, Mutation or Subscription)`,
    );
  const ownRecords = raw.own_records ?? [];
  checkRoles(context, source, operation, 'roles', raw.roles);
  checkRoles(context, source, operation, 'own_records', ownRecords);
  ownRecords.forEach((role, index) => {
    if (raw.roles.includes(role))
      report(
        context,
        ['business_operations', operation, 'own_records', index],
        'value',
        `role '${role}' of business operation '${operation}' is under roles already (every record), so own_records adds nothing`,
      );
  });
  return {
    description: raw.description,
    roles: [...raw.roles].sort(compareNames),
    ownRecordRoles: [...ownRecords].sort(compareNames),
  };
}

export function compileBusinessOperations(
  context: Issues,
  source: PermissionsSource,
  rootFields: ReadonlySet<string> | null,
): { readonly [operation: string]: BusinessOperationModel } {
  if (Object.hasOwn(source.roles, platformAdministratorRole))
    report(
      context,
      ['roles', platformAdministratorRole],
      'key',
      `'${platformAdministratorRole}' is reserved: business_operations uses it for platform administrators`,
    );
  return Object.fromEntries(
    Object.entries(source.business_operations ?? {})
      .sort(([a], [b]) => compareNames(a, b))
      .map(([operation, raw]) => [operation, compileOperation(context, source, operation, raw, rootFields)]),
  );
}
