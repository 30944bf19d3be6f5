// `access lint`: every lint rule over a permission model (docs/access-review.md#lint), findings in
// rule order, then by subject. Pure: the CLI lints the compiled rules the service runs, tests lint
// small crafted permission files compiled by codegen's compiler.
import type { PermissionModel } from '../../access/permission-model.ts';
import { findingKey, lintRuleIds, type LintFinding } from './lint-finding.ts';
import { allRowsAllColumns } from './rules/all-rows-all-columns.ts';
import { operationWithoutRoles, unknownOperationRole } from './rules/business-operation-roles.ts';
import { roleWithoutRules } from './rules/role-without-rules.ts';
import { sessionVariableUse } from './rules/session-variable-use.ts';
import { uncheckedWrite } from './rules/unchecked-write.ts';
import { unreadable } from './rules/unreadable.ts';
import { unsatisfiableFilter } from './rules/unsatisfiable-filter.ts';
import { writeOnReadOnlyTable } from './rules/write-on-read-only-table.ts';

const rules: readonly ((model: PermissionModel) => LintFinding[])[] = [
  roleWithoutRules,
  allRowsAllColumns,
  sessionVariableUse,
  unreadable,
  uncheckedWrite,
  writeOnReadOnlyTable,
  unsatisfiableFilter,
  operationWithoutRoles,
  unknownOperationRole,
];

export function lintPermissions(model: PermissionModel): LintFinding[] {
  const order = (finding: LintFinding) => lintRuleIds.indexOf(finding.rule);
  return rules
    .flatMap((rule) => rule(model))
    .sort((a, b) => {
      const byRule = order(a) - order(b);
      if (byRule !== 0) return byRule;
      const [keyA, keyB] = [findingKey(a.rule, a.subject), findingKey(b.rule, b.subject)];
      return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
    });
}
