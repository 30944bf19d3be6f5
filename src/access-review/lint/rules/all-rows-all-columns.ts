// Lint rule `all-rows-all-columns`: a select or update rule over every row and every column of its
// table, or a delete rule over every row. Often right (reference data, staff who keep the books),
// so such rules are expected in the allow-list with the reason; a new one is a question to ask.
import type { PermissionModel } from '../../../access/permission-model.ts';
import { isEveryRow } from '../../table-access.ts';
import type { LintFinding } from '../lint-finding.ts';

function coversEveryColumn(model: PermissionModel, table: string, columns: readonly string[]): boolean {
  return (model.tables[table]?.columns ?? []).every((column) => columns.includes(column.name));
}

export function allRowsAllColumns(model: PermissionModel): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [role, tables] of Object.entries(model.permissions)) {
    for (const [table, rules] of Object.entries(tables)) {
      if (rules.select && isEveryRow(rules.select.filter) && coversEveryColumn(model, table, rules.select.columns))
        findings.push({
          rule: 'all-rows-all-columns',
          subject: { role, table, action: 'select' },
          message: `role '${role}' selects every row and every column of '${table}'`,
        });
      if (rules.update && isEveryRow(rules.update.filter) && coversEveryColumn(model, table, rules.update.columns))
        findings.push({
          rule: 'all-rows-all-columns',
          subject: { role, table, action: 'update' },
          message: `role '${role}' may update every column of every row of '${table}'`,
        });
      if (rules.delete && isEveryRow(rules.delete.filter))
        findings.push({
          rule: 'all-rows-all-columns',
          subject: { role, table, action: 'delete' },
          message: `role '${role}' may delete every row of '${table}'`,
        });
    }
  }
  return findings;
}
