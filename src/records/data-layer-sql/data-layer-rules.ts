// The compiled permissions one data layer serves, as the functions its SQL half reads them by
// (docs/data-layer.md#how-a-request-runs): select, mutation and row-filter rules over one model
// and its CASL rules. The service serves generated/permissions (`compiledDataLayerRules`);
// `createDataLayerRules` builds the same over another compiled version of permissions.yaml, so
// a test can serve two versions side by side (docs/access-review.md#how-diff-is-tested).
import { caslRules, permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../access/permission-model.ts';
import { createMutationPermissions, type MutationPermissions } from './mutation-permissions.ts';
import { createRolePermissions, type RolePermissions } from './role-permissions.ts';
import { createRoleRowFilter, type CaslRulesByRole, type RoleRowFilter } from './role-row-filter.ts';

export interface CompiledPermissionRules {
  readonly model: PermissionModel;
  /** role → CASL raw rules, as codegen compiles them beside the model. */
  readonly caslRules: CaslRulesByRole;
}

export interface DataLayerRules extends RolePermissions, MutationPermissions, RoleRowFilter {
  readonly model: PermissionModel;
}

export function createDataLayerRules(compiled: CompiledPermissionRules): DataLayerRules {
  const select = createRolePermissions(compiled.model);
  return {
    model: compiled.model,
    ...select,
    ...createMutationPermissions(compiled.model, select),
    ...createRoleRowFilter(compiled.model, compiled.caslRules),
  };
}

/** The rules of generated/permissions: what the service serves. */
export const compiledDataLayerRules: DataLayerRules = createDataLayerRules({ model: permissionModel, caslRules });
