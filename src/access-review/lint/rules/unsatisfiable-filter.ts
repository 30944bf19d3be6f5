// Lint rule `unsatisfiable-filter`: a filter or check that can never admit a row (never-matches.ts
// says which conditions are decided), in table rules and document_access rules alike. Such a rule
// grants nothing while reading as if it did.
import type { PermissionModel } from '../../../access/permission-model.ts';
import type { LintFinding } from '../lint-finding.ts';
import { neverMatches } from '../never-matches.ts';
import { allRuleConditions } from '../rule-conditions.ts';

export function unsatisfiableFilter(model: PermissionModel): LintFinding[] {
  return allRuleConditions(model)
    .filter(({ table, condition }) => neverMatches(model, table, condition))
    .map(({ subject, table }) => ({
      rule: 'unsatisfiable-filter',
      subject,
      message:
        subject.document !== undefined
          ? `document rule '${subject.documentRule}' of '${subject.document}' can never admit a row of '${table}'`
          : `the ${subject.action} ${subject.part} of role '${subject.role}' on '${table}' can never admit a row`,
    }));
}
