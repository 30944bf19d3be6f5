// Lint rule `unchecked-write`: an insert rule whose check admits every row, or an update rule
// without a check (or with `check: {}`): the role may write any values into the columns it is
// given, within its presets. Presets alone are not a check: the columns a client gives are free.
import type { PermissionModel } from '../../../access/permission-model.ts';
import { isEveryRow } from '../../table-access.ts';
import type { LintFinding } from '../lint-finding.ts';

export function uncheckedWrite(model: PermissionModel): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [role, tables] of Object.entries(model.permissions)) {
    for (const [table, rules] of Object.entries(tables)) {
      if (rules.insert && isEveryRow(rules.insert.check))
        findings.push({
          rule: 'unchecked-write',
          subject: { role, table, action: 'insert' },
          message: `role '${role}' inserts into '${table}' without a check`,
        });
      if (rules.update && (!rules.update.check || isEveryRow(rules.update.check)))
        findings.push({
          rule: 'unchecked-write',
          subject: { role, table, action: 'update' },
          message: `role '${role}' updates '${table}' without a check on the updated row`,
        });
    }
  }
  return findings;
}
