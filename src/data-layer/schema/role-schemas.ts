// Role schemas at run time: built from the compiled permissions on first use, then kept
// (one per role; there are about twenty).
import type { GraphQLSchema } from 'graphql';
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import { buildRoleSchema } from './build-role-schema.ts';

const schemas = new Map<string, GraphQLSchema>();

export function roleSchema(role: string): GraphQLSchema {
  let schema = schemas.get(role);
  if (!schema) {
    schema = buildRoleSchema(permissionModel, role);
    schemas.set(role, schema);
  }
  return schema;
}
