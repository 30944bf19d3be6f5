// generated/permissions/views.md: the index of the per-role and per-table views, with the
// role × table grid of what each role may do (docs/access-review.md#views).
import type { PermissionModel } from '../../access/permission-model.ts';
import { reviewRoles, tableAccess } from '../table-access.ts';
import { code, markdownTable } from './markdown.ts';
import { roleViewPath, tableViewPath } from './view-paths.ts';

const local = (path: string) => path.replace(/^generated\/permissions\//, '');

/** S, I, U, D for the role's rules on the table (empty without any). */
export function actionLetters(model: PermissionModel, role: string, table: string): string {
  const permissions = tableAccess(model, role, table);
  if (!permissions) return '';
  return [
    permissions.select ? 'S' : '',
    permissions.insert ? 'I' : '',
    permissions.update ? 'U' : '',
    permissions.delete ? 'D' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function renderViewsIndex(model: PermissionModel): string {
  const roles = reviewRoles(model);
  const tables = Object.keys(model.tables);
  return [
    '# Access views',
    '',
    `Who may do what through the data layer, per role (${roles.length}, \`admin\` included) and per table (${tables.length}), in plain words.`,
    '`npm run access -- explain` answers one question with the SQL the data layer runs; docs/access-review.md explains the tooling.',
    '',
    `Roles: ${roles.map((role) => `[${code(role)}](${local(roleViewPath(role))})`).join(', ')}.`,
    '',
    `Tables: ${tables.map((table) => `[${code(table)}](${local(tableViewPath(table))})`).join(', ')}.`,
    '',
    '## Role × table',
    '',
    '**S** select, **I** insert, **U** update, **D** delete (a rule exists; mutations are offered with a select rule only).',
    '',
    ...markdownTable(
      ['table', ...roles],
      tables.map((table) => [code(table), ...roles.map((role) => actionLetters(model, role, table))]),
    ),
    '',
  ].join('\n');
}
