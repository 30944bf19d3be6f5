// Lint rules `unused-session-variable` and `undeclared-session-variable`. Session variables are
// declared once at the top of permissions.yaml (`session_variables`: name, type) and listed per
// role (`roles.<role>.session_variables`); rules reference them (filters, checks, presets) and so
// do document_access filters. Flagged: a declared variable nothing references, a role listing a
// variable its rules do not use, a rule using a variable its role does not list, and a reference
// to a variable not declared at the top. The compiler refuses the last three on a real file;
// lint repeats them for models it did not compile.
import type { PermissionModel } from '../../../access/permission-model.ts';
import { actionSessionVariables, boolExpSessionVariables } from '../../rule-session-variables.ts';
import type { LintFinding } from '../lint-finding.ts';
import { documentRuleConditions } from '../rule-conditions.ts';

const actions = ['select', 'insert', 'update', 'delete'] as const;

/** role → the variables its table rules reference. */
function roleUses(model: PermissionModel): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const [role, tables] of Object.entries(model.permissions)) {
    const names = new Set<string>();
    for (const rules of Object.values(tables))
      for (const action of actions) for (const name of actionSessionVariables(rules, action)) names.add(name);
    uses.set(role, names);
  }
  return uses;
}

export function sessionVariableUse(model: PermissionModel): LintFinding[] {
  const findings: LintFinding[] = [];
  const uses = roleUses(model);
  const referenced = new Set([...uses.values()].flatMap((names) => [...names]));
  for (const { condition } of documentRuleConditions(model))
    for (const name of boolExpSessionVariables(condition)) referenced.add(name);
  const listed = new Set(Object.values(model.roles).flatMap((role) => role.sessionVariables));
  const declared = new Set(Object.keys(model.sessionVariables));

  for (const variable of declared) {
    if (!referenced.has(variable))
      findings.push({
        rule: 'unused-session-variable',
        subject: { variable },
        message: `session variable '${variable}' is declared but no rule references it`,
      });
  }
  for (const variable of [...new Set([...referenced, ...listed])].sort()) {
    if (!declared.has(variable))
      findings.push({
        rule: 'undeclared-session-variable',
        subject: { variable },
        message: `session variable '${variable}' is used but not declared under session_variables`,
      });
  }
  for (const [role, description] of Object.entries(model.roles)) {
    const used = uses.get(role) ?? new Set<string>();
    for (const variable of description.sessionVariables) {
      if (!used.has(variable))
        findings.push({
          rule: 'unused-session-variable',
          subject: { role, variable },
          message: `role '${role}' lists session variable '${variable}' but none of its rules uses it`,
        });
    }
    for (const variable of [...used].sort()) {
      if (!description.sessionVariables.includes(variable))
        findings.push({
          rule: 'undeclared-session-variable',
          subject: { role, variable },
          message: `the rules of role '${role}' use session variable '${variable}', which the role does not list`,
        });
    }
  }
  return findings;
}
