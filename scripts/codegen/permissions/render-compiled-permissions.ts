// generated/permissions/compiled-permissions.ts: the typed model (for the data layer's SQL
// compiler) and the CASL raw rules (for src/access), as `as const` data.
import type { CompiledPermissions } from './compile-permissions.ts';
import { renderTsLiteral } from './render-ts-literal.ts';
import { tsBanner, type GeneratedFile } from '../shared/generated-file.ts';

export const compiledPermissionsPath = 'generated/permissions/compiled-permissions.ts';

const caslNote = `/**
 * CASL raw rules per role, by table then action. \`fields\` are the only columns the rule
 * covers (read them with permittedFieldsOf). Before building an ability, replace each
 * \`{ $session: name }\` with the request's session value (for \`$transform: 'like-regex'\`,
 * the value is a LIKE pattern to turn into an anchored regular expression).
 * Conditions use $and, $or and $nor besides CASL's default operators, so build the ability
 * with \`conditionsMatcher: buildMongoQueryMatcher({ $and, $or, $nor }, { and, or, nor })\`
 * (instructions and interpreters from @ucast/mongo2js); with the default matcher they
 * never match. Relationships are dot paths (object) and $elemMatch (array).
 * Insert conditions are the insert \`check\`: test them against the row with its presets
 * (\`set\`) applied. An update's post-\`check\` is not in these rules: read it from
 * permissionModel.
 */`;

const documentCaslNote = `/**
 * The filter rules of document_access as CASL \`read\` raw rules on the document's table,
 * one per rule (\`reason\` is its name). A caller may read a row when any of them matches
 * or when an administrator rule of permissionModel.documentAccess admits the caller's
 * credential. Session placeholders and matcher as for caslRules.
 */`;

export function renderCompiledPermissions(compiled: CompiledPermissions): GeneratedFile {
  const contents = [
    tsBanner('scripts/codegen/permissions', 'permissions.yaml').trimEnd(),
    '// The compiled permissions (docs/permissions.md#compilation): the normalized rules the',
    '// data layer compiles to SQL, and the same rules as CASL raw rules for src/access.',
    '',
    "import type { CaslRawRule, DocumentCaslRule, PermissionModel } from '../../src/access/permission-model.ts';",
    '',
    "export type * from '../../src/access/permission-model.ts';",
    '',
    `export const permissionModel = ${renderTsLiteral(compiled.model)} as const satisfies PermissionModel;`,
    '',
    'export type RoleName = keyof typeof permissionModel.roles;',
    'export type TableName = keyof typeof permissionModel.tables;',
    'export type SessionVariableName = keyof typeof permissionModel.sessionVariables;',
    'export type DocumentName = keyof typeof permissionModel.documentAccess;',
    '',
    caslNote,
    `export const caslRules = ${renderTsLiteral(compiled.caslRules)} as const satisfies { readonly [Role in RoleName]: readonly CaslRawRule[] };`,
    '',
    documentCaslNote,
    `export const documentCaslRules = ${renderTsLiteral(compiled.documentCaslRules)} as const satisfies {`,
    '  readonly [Document in DocumentName]: readonly DocumentCaslRule[];',
    '};',
    '',
  ].join('\n');
  return { path: compiledPermissionsPath, contents };
}
