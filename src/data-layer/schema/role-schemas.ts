// Role schemas at run time: built from the compiled permissions on first use, then kept
// (one per role; there are about twenty). `roleSchema` serves generated/permissions;
// `createRoleSchemas` the same over another compiled model (create-data-layer.ts).
import type { GraphQLSchema } from 'graphql';
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../../access/permission-model.ts';
import { buildRoleSchema } from './build-role-schema.ts';

export type RoleSchemas = (role: string) => GraphQLSchema;

export function createRoleSchemas(model: PermissionModel): RoleSchemas {
  const schemas = new Map<string, GraphQLSchema>();
  return (role) => {
    let schema = schemas.get(role);
    if (!schema) {
      schema = buildRoleSchema(model, role);
      schemas.set(role, schema);
    }
    return schema;
  };
}

export const roleSchema: RoleSchemas = createRoleSchemas(permissionModel);
