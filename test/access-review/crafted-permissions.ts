// Small permission files for the lint tests, compiled by codegen's own compiler against the
// migrated database's schema (generated/database/database-schema.ts), so each test states only
// the rules it is about.
import { databaseSchema } from '../../generated/database/database-schema.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { compilePermissionsFile } from '../../scripts/codegen/permissions/generate-permissions.ts';

/** The file's header: the three session variables of permissions.yaml. */
const header = `version: 1
session_variables:
  x-data-user-id: { type: text, description: the caller }
  x-data-organization-id: { type: uuid, description: the organization }
  x-data-allowed-funds: { type: 'integer[]', description: the funds }
`;

/** Compiles `body` (the roles, tables and document_access sections) after the common header. */
export function craftedModel(body: string): PermissionModel {
  return compilePermissionsFile({ yamlText: `${header}${body}`, fileName: 'crafted.yaml', database: databaseSchema })
    .model as PermissionModel;
}
