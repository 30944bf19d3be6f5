// generated/permissions/permission-matrix.md: the auditors' view (docs/access-review.md) of who can
// see and change what — per table (row rules, then a column × role grid), per role, the
// document routes, and what is deliberately not exposed.
import type { CompiledPermissions } from './compile-permissions.ts';
import type { DbSchema } from './database-schema.ts';
import type { BoolExp, PermissionModel, RuleValue, TablePermissions } from './permission-model.ts';
import { renderBoolExpText, ruleValueText } from './render-bool-exp-text.ts';
import { sessionVariableHeader } from './session-variable-names.ts';
import { compareNames } from './sort-names.ts';
import { markdownBanner, type GeneratedFile } from '../shared/generated-file.ts';
import {
  businessOperationRows,
  businessOperationsHeader,
  businessOperationsIntro,
} from '../../../src/access-review/views/business-operation-rows.ts';
import { readOnlyLine } from '../../../src/access-review/views/render-table-view.ts';

export const permissionMatrixPath = 'generated/permissions/permission-matrix.md';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${text}\``;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)];
}

function presetsText(set: { readonly [column: string]: RuleValue }): string {
  return Object.entries(set)
    .map(([column, value]) => `${column} := ${ruleValueText(value)}`)
    .join(', ');
}

function filterText(filter: BoolExp): string {
  return code(renderBoolExpText(filter));
}

function rolesOn(model: PermissionModel, tableName: string): [string, TablePermissions][] {
  return Object.entries(model.permissions)
    .filter(([, tables]) => tables[tableName] !== undefined)
    .map(([role, tables]) => [role, tables[tableName] as TablePermissions]);
}

function insertText(permissions: TablePermissions): string {
  const insert = permissions.insert;
  if (!insert) return '—';
  const parts = [`check ${filterText(insert.check)}`];
  if (Object.keys(insert.set).length > 0) parts.push(`set ${code(presetsText(insert.set))}`);
  return parts.join('<br>');
}

function updateText(permissions: TablePermissions): string {
  const update = permissions.update;
  if (!update) return '—';
  const parts = [`rows ${filterText(update.filter)}`];
  if (update.check) parts.push(`check ${filterText(update.check)}`);
  if (Object.keys(update.set).length > 0) parts.push(`set ${code(presetsText(update.set))}`);
  return parts.join('<br>');
}

function columnMarks(permissions: TablePermissions, column: string): string {
  const marks: string[] = [];
  if (permissions.select?.columns.includes(column)) marks.push('S');
  if (permissions.insert?.columns.includes(column)) marks.push('I');
  else if (permissions.insert && column in permissions.insert.set) marks.push('(I)');
  if (permissions.update?.columns.includes(column)) marks.push('U');
  else if (permissions.update && column in permissions.update.set) marks.push('(U)');
  return marks.join(' ');
}

function renderTable(model: PermissionModel, tableName: string): string[] {
  const tableModel = model.tables[tableName];
  if (!tableModel) return [];
  const roles = rolesOn(model, tableName);
  const lines = [`### ${code(tableName)}`, '', tableModel.description, ''];
  const relationships = Object.entries(tableModel.relationships).map(([name, relationship]) => {
    const mapping = Object.entries(relationship.columnMapping)
      .map(([local, remote]) => `${local} → ${remote}`)
      .join(', ');
    return `${code(name)} → ${code(relationship.remoteTable)} (${relationship.kind}, ${mapping})`;
  });
  if (relationships.length > 0) lines.push(`Relationships: ${relationships.join('; ')}.`, '');
  const readOnly = readOnlyLine(model, tableName);
  if (readOnly !== null) lines.push(readOnly, '');
  if (roles.length === 0) return [...lines, 'No role has access (admin secret only).', ''];
  lines.push(
    ...table(
      ['role', 'select rows', 'aggregates', 'limit', 'insert', 'update', 'delete rows'],
      roles.map(([role, permissions]) => [
        code(role),
        permissions.select ? filterText(permissions.select.filter) : '—',
        permissions.select ? (permissions.select.allowAggregations ? 'yes' : 'no') : '—',
        permissions.select?.limit ? String(permissions.select.limit) : '—',
        insertText(permissions),
        updateText(permissions),
        permissions.delete ? filterText(permissions.delete.filter) : '—',
      ]),
    ),
    '',
  );
  lines.push(
    ...table(
      ['column', ...roles.map(([role]) => role)],
      tableModel.columns.map((column) => [
        code(column.name),
        ...roles.map(([, permissions]) => columnMarks(permissions, column.name)),
      ]),
    ),
    '',
  );
  return lines;
}

function roleTableSummary(permissions: TablePermissions): string[] {
  const select = permissions.select
    ? `${filterText(permissions.select.filter)}: ${permissions.select.columns.join(', ')}${permissions.select.allowAggregations ? ' (+ aggregates)' : ''}`
    : '—';
  const insert = permissions.insert ? permissions.insert.columns.join(', ') : '—';
  const update = permissions.update
    ? `${filterText(permissions.update.filter)}: ${permissions.update.columns.join(', ')}`
    : '—';
  const remove = permissions.delete ? filterText(permissions.delete.filter) : '—';
  return [select, insert, update, remove];
}

function renderRole(model: PermissionModel, role: string): string[] {
  const roleModel = model.roles[role];
  if (!roleModel) return [];
  const variables = roleModel.sessionVariables.map((name) => code(sessionVariableHeader(name))).join(', ') || 'none';
  return [
    `### ${code(role)}`,
    '',
    roleModel.description,
    '',
    `Session variables: ${variables}.`,
    '',
    ...table(
      ['table', 'select (rows: columns)', 'insert columns', 'update (rows: columns)', 'delete rows'],
      Object.entries(model.permissions[role] ?? {}).map(([tableName, permissions]) => [
        code(tableName),
        ...roleTableSummary(permissions),
      ]),
    ),
    '',
  ];
}

function renderDocuments(model: PermissionModel): string[] {
  const lines: string[] = [];
  for (const [name, document] of Object.entries(model.documentAccess)) {
    lines.push(
      `### ${code(name)}`,
      '',
      `${document.description} Table ${code(document.table)}; allowed when any rule matches:`,
      '',
    );
    for (const rule of document.rules) {
      const text =
        rule.kind === 'filter'
          ? filterText(rule.filter)
          : `administrator via ${rule.credentials.map((credential) => (credential === 'admin_api_key' ? 'admin API key' : 'admin user (session or bearer)')).join(' or ')}`;
      lines.push(`- ${code(rule.name)}: ${text}`);
    }
    lines.push('');
  }
  return lines;
}

function renderNotExposed(model: PermissionModel, database: DbSchema): string[] {
  const untracked = database.tables
    .map((dbTable) => dbTable.name)
    .filter((name) => !(name in model.tables))
    .sort(compareNames);
  const secret = Object.entries(model.secretColumns).map(
    ([tableName, columns]) => `${code(tableName)}: ${columns.join(', ')}`,
  );
  return [
    `Tables the data layer does not serve: ${untracked.length > 0 ? untracked.map(code).join(', ') : 'none'}.`,
    '',
    `Secret columns (no rule may read, write or filter on them): ${secret.length > 0 ? secret.join('; ') : 'none'}.`,
    '',
  ];
}

export function renderPermissionMatrix(compiled: CompiledPermissions, database: DbSchema): GeneratedFile {
  const { model } = compiled;
  const roles = Object.keys(model.roles);
  const tables = Object.keys(model.tables);
  const lines = [
    markdownBanner('scripts/codegen/permissions', 'permissions.yaml').trimEnd(),
    '# Permission matrix',
    '',
    `Compiled from \`permissions.yaml\`: ${roles.length} roles, ${tables.length} tracked tables, ${Object.keys(model.documentAccess).length} document routes.`,
    'Nothing is allowed unless listed here. Row rules are shown in SQL-like form; `X-Data-…` are session variables.',
    "The data layer's admin secret (not a role here) reads every tracked table and writes every one not marked read-only.",
    'In the column grids: **S** select, **I** insert, **U** update, **(I)**/**(U)** set by the server (a preset, not client input).',
    '',
    '## Session variables',
    '',
    ...table(
      ['variable', 'type', 'description'],
      Object.entries(model.sessionVariables).map(([, variable]) => [
        code(variable.header),
        variable.type,
        variable.description,
      ]),
    ),
    '',
    '## Roles',
    '',
    ...table(
      ['role', 'session variables', 'tables', 'description'],
      roles.map((role) => [
        code(role),
        (model.roles[role]?.sessionVariables ?? []).map(sessionVariableHeader).join(', ') || '—',
        String(Object.keys(model.permissions[role] ?? {}).length),
        model.roles[role]?.description ?? '',
      ]),
    ),
    '',
    '## Not exposed',
    '',
    ...renderNotExposed(model, database),
    '## Tables',
    '',
    ...tables.flatMap((tableName) => renderTable(model, tableName)),
    '## Access by role',
    '',
    ...roles.flatMap((role) => renderRole(model, role)),
    '## Document routes',
    '',
    ...renderDocuments(model),
    '## Business operations',
    '',
    businessOperationsIntro,
    '',
    ...table(businessOperationsHeader, businessOperationRows(model)),
    '',
  ];
  return { path: permissionMatrixPath, contents: `${lines.join('\n').trimEnd()}\n` };
}
