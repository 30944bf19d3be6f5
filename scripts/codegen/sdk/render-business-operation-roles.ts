// permissions.yaml business_operations → sdk/src/generated/business-operation-roles.ts: the
// business operations that record a person, and the organization roles the acting person needs
// for each (docs/identity.md#operation-roles), so a client can tell its users before it calls.
import type { BusinessOperationModel } from '../../../src/access/permission-model.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';

export function renderBusinessOperationRoles(operations: {
  readonly [operation: string]: BusinessOperationModel;
}): GeneratedFile {
  const entries = Object.keys(operations)
    .sort()
    .map((name) => {
      const { roles, ownRecordRoles } = operations[name]!;
      return `  ${name}: { roles: ${JSON.stringify(roles)}, ownRecordRoles: ${JSON.stringify(ownRecordRoles)} },`;
    });
  const lines = [
    tsBanner('scripts/codegen/sdk', 'permissions.yaml (business_operations)').trimEnd(),
    '',
    '/**',
    ' * The business operations that record a person: the acting person needs one of `roles` in the',
    ' * organization the operation acts in, or one of `ownRecordRoles` when the record is their own.',
    " * `platform_administrator` stands for the platform's administrators.",
    ' */',
    'export const businessOperationRoles = {',
    ...entries,
    '} as const;',
    '',
    'export type BusinessOperationName = keyof typeof businessOperationRoles;',
    '',
  ];
  return { path: 'sdk/src/generated/business-operation-roles.ts', contents: lines.join('\n') };
}
