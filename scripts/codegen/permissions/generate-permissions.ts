// The permissions generator (docs/code-generation.md): permissions.yaml + the
// introspected database → generated files. Pure: the codegen shell reads the inputs and writes the
// output.
import { compilePermissionsFile, type PermissionsFileInput } from './compile-permissions-file.ts';
import { renderBusinessOperations } from './render-business-operations.ts';
import { renderCompiledPermissions } from './render-compiled-permissions.ts';
import { renderPermissionMatrix } from './render-permission-matrix.ts';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import type { GeneratedFile } from '../shared/generated-file.ts';

export { compilePermissionsFile } from './compile-permissions-file.ts';
export type { PermissionsFileInput } from './compile-permissions-file.ts';
export { PermissionsFileError } from './permissions-file-error.ts';

/** Throws PermissionsFileError (every problem, as `file:line:col: message`) when invalid. */
export function generatePermissions(input: PermissionsFileInput): {
  files: GeneratedFile[];
  /** business_operations as compiled, for the SDK (scripts/codegen/sdk). */
  businessOperations: PermissionModel['businessOperations'];
} {
  const compiled = compilePermissionsFile(input);
  return {
    businessOperations: compiled.model.businessOperations,
    files: [
      renderCompiledPermissions(compiled),
      renderPermissionMatrix(compiled, input.database),
      renderBusinessOperations(compiled),
    ],
  };
}
