// Lint rule `write-on-read-only-table`: an insert, update or delete rule of a role on a table marked
// `read_only` (docs/permissions.md#read-only-tables). The compiler refuses such a rule; lint repeats
// the check so a model it did not compile (another version, a crafted one) is judged too.
import type { PermissionModel } from '../../../access/permission-model.ts';
import type { LintFinding } from '../lint-finding.ts';

const writeActions = ['insert', 'update', 'delete'] as const;

export function writeOnReadOnlyTable(model: PermissionModel): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [role, tables] of Object.entries(model.permissions)) {
    for (const [table, rules] of Object.entries(tables)) {
      if (!model.tables[table]?.readOnly) continue;
      for (const action of writeActions) {
        if (!rules[action]) continue;
        findings.push({
          rule: 'write-on-read-only-table',
          subject: { role, table, action },
          message: `role '${role}' has a${action === 'insert' ? 'n' : ''} ${action} rule on '${table}', which is read_only`,
        });
      }
    }
  }
  return findings;
}
