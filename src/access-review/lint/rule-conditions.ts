// Every condition of every permissions.yaml rule, with what it belongs to: select, update and
// delete filters, insert and update checks, and the filters of document_access rules. The lint
// rules walk this list rather than the model's nesting (docs/access-review.md#lint).
import type { BoolExp, PermissionModel } from '../../access/permission-model.ts';
import type { FindingSubject } from './lint-finding.ts';

export interface RuleCondition {
  readonly subject: FindingSubject;
  /** The table whose rows the condition is over. */
  readonly table: string;
  readonly condition: BoolExp;
  /** The role whose rule it is; null for document_access rules, which belong to no role. */
  readonly role: string | null;
}

/** The conditions of the table rules of every role, in role, table, action order. */
export function tableRuleConditions(model: PermissionModel): RuleCondition[] {
  const found: RuleCondition[] = [];
  for (const [role, tables] of Object.entries(model.permissions)) {
    for (const [table, rules] of Object.entries(tables)) {
      const add = (action: string, part: string, condition: BoolExp | null | undefined) => {
        if (condition) found.push({ subject: { role, table, action, part }, table, condition, role });
      };
      add('select', 'filter', rules.select?.filter);
      add('insert', 'check', rules.insert?.check);
      add('update', 'filter', rules.update?.filter);
      add('update', 'check', rules.update?.check);
      add('delete', 'filter', rules.delete?.filter);
    }
  }
  return found;
}

/** The filters of the document_access rules (the REST document routes). */
export function documentRuleConditions(model: PermissionModel): RuleCondition[] {
  return Object.entries(model.documentAccess).flatMap(([document, access]) =>
    access.rules.flatMap((rule) =>
      rule.kind === 'filter'
        ? [{ subject: { document, documentRule: rule.name }, table: access.table, condition: rule.filter, role: null }]
        : [],
    ),
  );
}

export function allRuleConditions(model: PermissionModel): RuleCondition[] {
  return [...tableRuleConditions(model), ...documentRuleConditions(model)];
}
