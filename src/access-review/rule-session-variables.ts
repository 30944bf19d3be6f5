// The session variables a rule references, read from the permission model (lower-case names,
// sorted): its filter or check, and its presets. Lint and the views use it; explain reports the
// variables among the parameters of the compiled SQL instead, which a test holds equal to these
// (docs/access-review.md#how-it-is-tested).
import type { BoolExp, RuleAction, RuleValue, TablePermissions } from '../access/permission-model.ts';

function collect(exp: BoolExp, into: Set<string>): void {
  switch (exp.type) {
    case 'compare':
      if (exp.value.type === 'session') into.add(exp.value.name);
      return;
    case 'and':
    case 'or':
      for (const operand of exp.operands) collect(operand, into);
      return;
    case 'not':
      collect(exp.operand, into);
      return;
    case 'relationship':
      collect(exp.where, into);
      return;
  }
}

function presetVariables(set: { readonly [column: string]: RuleValue }, into: Set<string>): void {
  for (const value of Object.values(set)) if (value.type === 'session') into.add(value.name);
}

export function boolExpSessionVariables(...expressions: readonly (BoolExp | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const exp of expressions) if (exp) collect(exp, names);
  return [...names].sort();
}

/** The variables the role's rule for `action` references (filter, check, presets). */
export function actionSessionVariables(permissions: TablePermissions, action: RuleAction): string[] {
  const names = new Set<string>();
  switch (action) {
    case 'select':
      if (permissions.select) collect(permissions.select.filter, names);
      break;
    case 'insert':
      if (permissions.insert) {
        collect(permissions.insert.check, names);
        presetVariables(permissions.insert.set, names);
      }
      break;
    case 'update':
      if (permissions.update) {
        collect(permissions.update.filter, names);
        if (permissions.update.check) collect(permissions.update.check, names);
        presetVariables(permissions.update.set, names);
      }
      break;
    case 'delete':
      if (permissions.delete) collect(permissions.delete.filter, names);
      break;
  }
  return [...names].sort();
}
