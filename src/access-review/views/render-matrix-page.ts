// generated/permissions/permission-matrix.html: the access views as one self-contained HTML page
// (docs/access-review.md#the-matrix-page), which the data layer serves to its admin. The role ×
// table grid, then per table and per role (admin included) the same plain words, column grids and
// lines as the Markdown views, from the same functions. Inline CSS, no script, no external asset.
import type { PermissionModel } from '../../access/permission-model.ts';
import { insertCapabilityLines } from '../insert-capabilities.ts';
import { columnMarks, ruleSummary, type RuleSummary } from '../rule-summary.ts';
import { reviewRoles, tableAccess } from '../table-access.ts';
import { anchor, escapeHtml, htmlTable, inlineHtml, link } from './html.ts';
import { reachedThrough, roleDescription, sessionLine } from './render-role-view.ts';
import { readOnlyLine, relationshipsLine, secretColumnsLine } from './render-table-view.ts';
import { actionLetters } from './render-views-index.ts';
import { businessOperationRows, businessOperationsHeader, businessOperationsIntro } from './business-operation-rows.ts';

const style = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 96rem; padding: 0 1.5rem 4rem; color: #1b1f24; }
h1 { margin-top: 1.5rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #d0d7de; } h3 { margin-top: 2rem; }
code { font: 12.5px ui-monospace, monospace; background: #f3f4f6; padding: 0 .2em; border-radius: 3px; }
a { color: #0b5cad; text-decoration: none; } a:hover { text-decoration: underline; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #d0d7de; padding: .2rem .45rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; position: sticky; top: 0; }
table.grid td { text-align: center; white-space: nowrap; font-family: ui-monospace, monospace; }
table.grid thead th:not(:first-child) { writing-mode: vertical-rl; transform: rotate(180deg); }
table.grid thead th:first-child { vertical-align: bottom; }
.S { color: #116329; } .I { color: #0b5cad; } .U { color: #8a4600; } .D { color: #a40e26; }
ul.rules { margin: .25rem 0 1rem; padding-left: 1.25rem; } .muted { color: #57606a; }
nav p { margin: .4rem 0; }
`;

const actionNames = ['select', 'insert', 'update', 'delete'] as const;

function marks(letters: string): string {
  return letters
    .split(' ')
    .filter(Boolean)
    .map((letter) => `<span class="${letter}">${letter}</span>`)
    .join(' ');
}

function ruleLines(summary: RuleSummary, extra: readonly string[] = []): string[] {
  return [
    '<ul class="rules">',
    ...actionNames.map((action) => `<li>${action}: ${inlineHtml(summary[action] ?? '—')}</li>`),
    ...extra,
    '</ul>',
  ];
}

function grid(model: PermissionModel, roles: readonly string[], tables: readonly string[]): string[] {
  return [
    '<h2 id="grid">Role × table</h2>',
    '<p><b class="S">S</b> select, <b class="I">I</b> insert, <b class="U">U</b> update, <b class="D">D</b> delete: a rule exists (mutations are offered with a select rule only).</p>',
    ...htmlTable(
      ['table', ...roles.map((role) => link('role', role))],
      tables.map((table) => [link('table', table), ...roles.map((role) => marks(actionLetters(model, role, table)))]),
      'grid',
    ),
  ];
}

function tableSection(model: PermissionModel, roles: readonly string[], table: string): string[] {
  const permitted = roles.flatMap((role) => {
    const permissions = tableAccess(model, role, table);
    return permissions ? [{ role, permissions }] : [];
  });
  return [
    `<section id="${anchor('table', table)}">`,
    `<h3>Table <code>${escapeHtml(table)}</code></h3>`,
    `<p>${inlineHtml(model.tables[table]?.description ?? '')}</p>`,
    `<p>${inlineHtml(relationshipsLine(model, table))}</p>`,
    `<p>${inlineHtml(secretColumnsLine(model, table))}</p>`,
    ...[readOnlyLine(model, table)].flatMap((line) => (line === null ? [] : [`<p>${inlineHtml(line)}</p>`])),
    '<h4>Rules by role</h4>',
    ...permitted.flatMap(({ role, permissions }) => [
      `<p>${link('role', role)}</p>`,
      ...ruleLines(ruleSummary(model, permissions)),
    ]),
    '<h4>Columns</h4>',
    '<p><b>S</b> select, <b>I</b> insert, <b>U</b> update, <b>(I)</b>/<b>(U)</b> set by the server (a preset, not client input).</p>',
    ...htmlTable(
      ['column', 'type', ...permitted.map(({ role }) => link('role', role))],
      (model.tables[table]?.columns ?? []).map((column) => [
        `<code>${escapeHtml(column.name)}</code>`,
        escapeHtml(column.dataType),
        ...permitted.map(({ permissions }) => escapeHtml(columnMarks(permissions, column.name))),
      ]),
      'columns',
    ),
    '<p class="muted"><a href="#grid">back to the grid</a></p>',
    '</section>',
  ];
}

function roleSection(model: PermissionModel, role: string, tables: readonly string[]): string[] {
  const capabilities = insertCapabilityLines(model, role);
  const permitted = tables.flatMap((table) => {
    const permissions = tableAccess(model, role, table);
    return permissions ? [{ table, permissions }] : [];
  });
  return [
    `<section id="${anchor('role', role)}">`,
    `<h3>Role <code>${escapeHtml(role)}</code></h3>`,
    `<p>${inlineHtml(roleDescription(model, role))}</p>`,
    `<p>${inlineHtml(sessionLine(model, role))}</p>`,
    `<p>${permitted.length} table(s).</p>`,
    ...permitted.flatMap(({ table, permissions }) => {
      const paths = reachedThrough(model, role, table);
      return [
        `<p>${link('table', table)}</p>`,
        ...ruleLines(ruleSummary(model, permissions), [
          ...capabilities(table).map((line) => `<li>${inlineHtml(line)}</li>`),
          `<li>also reached through: ${paths.length > 0 ? inlineHtml(paths.join(', ')) : '—'}</li>`,
        ]),
      ];
    }),
    '<p class="muted"><a href="#grid">back to the grid</a></p>',
    '</section>',
  ];
}

export function renderMatrixPage(model: PermissionModel, banner = ''): string {
  const roles = reviewRoles(model);
  const tables = Object.keys(model.tables);
  return [
    '<!DOCTYPE html>',
    ...(banner ? [banner] : []),
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Permission matrix</title>',
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<h1>Permission matrix</h1>',
    `<p>Who may do what through the data layer: ${roles.length} roles (<code>admin</code> included) and ${tables.length} tables, in plain words, from <code>permissions.yaml</code> as <code>npm run codegen</code> compiled it. <code>npm run access -- explain</code> answers one question with the SQL the data layer runs.</p>`,
    '<nav>',
    `<p>Roles: ${roles.map((role) => link('role', role)).join(', ')}.</p>`,
    `<p>Tables: ${tables.map((table) => link('table', table)).join(', ')}.</p>`,
    '<p><a href="#business-operations">Business operations</a>: who may call the business API operations that record a person.</p>',
    '</nav>',
    ...grid(model, roles, tables),
    '<h2 id="tables">Tables</h2>',
    ...tables.flatMap((table) => tableSection(model, roles, table)),
    '<h2 id="roles">Roles</h2>',
    ...roles.flatMap((role) => roleSection(model, role, tables)),
    '<h2 id="business-operations">Business operations</h2>',
    `<p>${inlineHtml(businessOperationsIntro)}</p>`,
    ...htmlTable(
      businessOperationsHeader.map(escapeHtml),
      businessOperationRows(model).map((cells) => cells.map(inlineHtml)),
      'operations',
    ),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
