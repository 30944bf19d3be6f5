// CASL raw rules of one role on one table. Columns become `fields` (always listed: a CASL
// rule without fields would allow every field); insert rules carry the insert `check` as
// conditions (what the new row must satisfy), update and delete rules their `filter`. An
// update's post-`check` has no CASL counterpart and stays in the typed model.
import { boolExpToCasl } from './bool-exp-to-casl.ts';
import type { BoolExp, CaslRawRule, RuleAction, TablePermissions } from './permission-model.ts';

function rule(action: RuleAction, subject: string, fields: readonly string[] | null, condition: BoolExp): CaslRawRule {
  const conditions = boolExpToCasl(condition);
  return {
    action,
    subject,
    ...(fields ? { fields } : {}),
    ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
  };
}

/** The rule for one action, or null when the role has no rule for it. */
export function caslRuleFor(action: RuleAction, table: string, permissions: TablePermissions): CaslRawRule | null {
  switch (action) {
    case 'select':
      return permissions.select && rule('select', table, permissions.select.columns, permissions.select.filter);
    case 'insert':
      return permissions.insert && rule('insert', table, permissions.insert.columns, permissions.insert.check);
    case 'update':
      return permissions.update && rule('update', table, permissions.update.columns, permissions.update.filter);
    case 'delete':
      return permissions.delete && rule('delete', table, null, permissions.delete.filter);
  }
}
