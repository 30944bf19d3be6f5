// generated/permissions/roles/<role>.md: everything one role may do, table by table, in plain
// words (docs/access-review.md#views); `admin` included.
import type { PermissionModel } from '../../access/permission-model.ts';
import { insertCapabilityLines } from '../insert-capabilities.ts';
import { reachableThrough } from '../reachable-through.ts';
import { ruleSummary } from '../rule-summary.ts';
import { adminRole, tableAccess } from '../table-access.ts';
import { code, markdownTable } from './markdown.ts';
import { linkFromView, tableViewPath } from './view-paths.ts';

const adminDescription =
  "The data layer's admin: X-Data-Admin-Secret alone (or with X-Data-Role: admin), not a permissions.yaml role. Reads every tracked table and column (secret columns excepted) and writes every table not marked read_only, with no row filter, check, preset or limit; reached with the secret only, never through a token.";

export function sessionLine(model: PermissionModel, role: string): string {
  if (role === adminRole) return 'Session variables: none.';
  const names = model.roles[role]?.sessionVariables ?? [];
  const listed = names.map((name) => {
    const declared = model.sessionVariables[name];
    return `${code(declared?.header ?? name)} (${declared?.type ?? 'undeclared'})`;
  });
  return `Session variables its rules reference: ${listed.length > 0 ? listed.join(', ') : 'none'}.`;
}

function tableSection(
  model: PermissionModel,
  role: string,
  table: string,
  capabilities: (table: string) => string[],
): string[] {
  const permissions = tableAccess(model, role, table);
  if (!permissions) return [];
  const summary = ruleSummary(model, permissions);
  const paths = reachedThrough(model, role, table);
  return [
    `### [${code(table)}](${linkFromView(tableViewPath(table))})`,
    '',
    `- select: ${summary.select ?? '—'}`,
    `- insert: ${summary.insert ?? '—'}`,
    ...capabilities(table).map((line) => `- ${line}`),
    `- update: ${summary.update ?? '—'}`,
    `- delete: ${summary.delete ?? '—'}`,
    `- also reached through: ${paths.length > 0 ? paths.join(', ') : '—'}`,
    '',
  ];
}

export function roleDescription(model: PermissionModel, role: string): string {
  return role === adminRole ? adminDescription : (model.roles[role]?.description ?? '');
}

/** The relationships of the role's schema that lead to the table, as `table.relationship` (kind). */
export function reachedThrough(model: PermissionModel, role: string, table: string): string[] {
  return reachableThrough(model, role, table).map(
    (path) => `${code(`${path.fromTable}.${path.relationship}`)} (${path.kind})`,
  );
}

export function renderRoleView(model: PermissionModel, role: string): string {
  const tables = Object.keys(model.tables).filter((table) => tableAccess(model, role, table) !== null);
  const description = roleDescription(model, role);
  const capabilities = insertCapabilityLines(model, role);
  const rows = tables.map((table) => {
    const permissions = tableAccess(model, role, table);
    return [
      code(table),
      permissions?.select ? 'S' : '',
      permissions?.insert ? 'I' : '',
      permissions?.update ? 'U' : '',
      permissions?.delete ? 'D' : '',
    ];
  });
  return [
    `# Role ${code(role)}`,
    '',
    description,
    '',
    sessionLine(model, role),
    '',
    `${tables.length} table(s). Rules in plain words; \`npm run access -- explain --role ${role} --table <table>\` adds the SQL the data layer runs.`,
    '',
    ...markdownTable(['table', 'select', 'insert', 'update', 'delete'], rows),
    '',
    '## Tables',
    '',
    ...tables.flatMap((table) => tableSection(model, role, table, capabilities)),
  ].join('\n');
}
