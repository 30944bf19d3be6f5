// Lint rules `unreadable-table` and `unreadable-column`: a tracked table no permissions.yaml role
// may select (only the admin secret reads it), and a column of a table some role reads that no
// role may select. Secret columns are not in the model and never reported; the columns of an
// unreadable table are covered by its table finding.
import type { PermissionModel } from '../../../access/permission-model.ts';
import type { LintFinding } from '../lint-finding.ts';

function readers(model: PermissionModel, table: string): string[][] {
  return Object.values(model.permissions).flatMap((tables) => {
    const select = tables[table]?.select;
    return select ? [[...select.columns]] : [];
  });
}

export function unreadable(model: PermissionModel): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [table, tableModel] of Object.entries(model.tables)) {
    const columnLists = readers(model, table);
    if (columnLists.length === 0) {
      findings.push({
        rule: 'unreadable-table',
        subject: { table },
        message: `no role may select '${table}' (only the admin secret reads it)`,
      });
      continue;
    }
    const read = new Set(columnLists.flat());
    for (const column of tableModel.columns) {
      if (!read.has(column.name))
        findings.push({
          rule: 'unreadable-column',
          subject: { table, column: column.name },
          message: `no role may select '${table}.${column.name}' (only the admin secret reads it)`,
        });
    }
  }
  return findings;
}
