// generated/permissions/tables/<table>.md: who may do what on one table, role by role (admin
// first), and the column × role grid (docs/access-review.md#views).
import type { PermissionModel } from '../../access/permission-model.ts';
import { columnMarks, ruleSummary } from '../rule-summary.ts';
import { reviewRoles, tableAccess } from '../table-access.ts';
import { code, markdownTable } from './markdown.ts';
import { linkFromView, roleViewPath } from './view-paths.ts';

export function relationshipsLine(model: PermissionModel, table: string): string {
  const relationships = Object.entries(model.tables[table]?.relationships ?? {}).map(([name, relationship]) => {
    const mapping = Object.entries(relationship.columnMapping)
      .map(([local, remote]) => `${local} → ${remote}`)
      .join(', ');
    return `${code(name)} → ${code(relationship.remoteTable)} (${relationship.kind}, ${mapping})`;
  });
  return `Relationships: ${relationships.length > 0 ? relationships.join('; ') : 'none'}.`;
}

export function secretColumnsLine(model: PermissionModel, table: string): string {
  const secret = model.secretColumns[table] ?? [];
  return `Secret columns (nobody reads, writes or filters on them, not even admin): ${secret.length > 0 ? secret.map(code).join(', ') : 'none'}.`;
}

/** Said of a table marked `read_only` (docs/permissions.md#read-only-tables); null for any other. */
export function readOnlyLine(model: PermissionModel, table: string): string | null {
  return model.tables[table]?.readOnly
    ? 'Read-only (`read_only`): no insert, update or delete through the data layer for anyone, not even admin.'
    : null;
}

export function renderTableView(model: PermissionModel, table: string): string {
  const tableModel = model.tables[table];
  if (!tableModel) throw new Error(`'${table}' is not a tracked table`);
  const roles = reviewRoles(model).filter((role) => tableAccess(model, role, table) !== null);
  const summaries = roles.map((role) => {
    const permissions = tableAccess(model, role, table);
    if (!permissions) throw new Error(`role '${role}' has no rule on '${table}'`);
    return { role, permissions, summary: ruleSummary(model, permissions) };
  });
  return [
    `# Table ${code(table)}`,
    '',
    tableModel.description,
    '',
    relationshipsLine(model, table),
    '',
    secretColumnsLine(model, table),
    '',
    ...lineAndBlank(readOnlyLine(model, table)),
    '## Rules by role',
    '',
    ...summaries.flatMap(({ role, summary }) => [
      `### [${code(role)}](${linkFromView(roleViewPath(role))})`,
      '',
      `- select: ${summary.select ?? '—'}`,
      `- insert: ${summary.insert ?? '—'}`,
      `- update: ${summary.update ?? '—'}`,
      `- delete: ${summary.delete ?? '—'}`,
      '',
    ]),
    '## Columns',
    '',
    '**S** select, **I** insert, **U** update, **(I)**/**(U)** set by the server (a preset, not client input).',
    '',
    ...markdownTable(
      ['column', 'type', ...roles],
      tableModel.columns.map((column) => [
        code(column.name),
        column.dataType,
        ...summaries.map(({ permissions }) => columnMarks(permissions, column.name)),
      ]),
    ),
    '',
  ].join('\n');
}

function lineAndBlank(line: string | null): string[] {
  return line === null ? [] : [line, ''];
}
