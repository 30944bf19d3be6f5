// generated/permissions/business-operations.ts: permissions.yaml `business_operations` as a table
// keyed by root field, typed against the resolver types of schema.graphql so a name that is not
// a root field fails the typecheck as well as codegen (docs/identity.md#operation-roles). The
// enforcement (src/domain/identity/operation-roles.ts) reads it.
import type { CompiledPermissions } from './compile-permissions.ts';
import { renderTsLiteral } from './render-ts-literal.ts';
import { tsBanner, type GeneratedFile } from '../shared/generated-file.ts';

export const businessOperationsPath = 'generated/permissions/business-operations.ts';

export function renderBusinessOperations(compiled: CompiledPermissions): GeneratedFile {
  const contents = [
    tsBanner('scripts/codegen/permissions', 'permissions.yaml').trimEnd(),
    '// Who may call the business operations that record a person (permissions.yaml business_operations,',
    '// docs/identity.md#operation-roles), keyed by root field of schema.graphql.',
    '',
    "import type { BusinessOperationModel } from '../../src/access/permission-model.ts';",
    "import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../graphql/resolver-types.ts';",
    '',
    '/** A root field of schema.graphql. */',
    'export type RootFieldName = keyof QueryResolvers | keyof MutationResolvers | keyof SubscriptionResolvers;',
    '',
    `export const businessOperationRoles = ${renderTsLiteral(compiled.model.businessOperations)} as const satisfies {`,
    '  readonly [Operation in RootFieldName]?: BusinessOperationModel;',
    '};',
    '',
    '/** An operation permissions.yaml names under business_operations. */',
    'export type BusinessOperationName = keyof typeof businessOperationRoles;',
    '',
  ].join('\n');
  return { path: businessOperationsPath, contents };
}
