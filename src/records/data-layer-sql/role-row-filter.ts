// The row filter of a role's select rule, as SQL (docs/data-layer.md#how-a-request-runs): the
// role's CASL rules are interpolated with session *slots* (parameter-slot.ts), built into an
// ability once per role, and rulesToAST gives the condition per table, compiled by conditionToSql
// for each alias. So the filter text is the same for every caller of the role and the session
// values are bound when the statement runs. No rule = `false`. Built over one model and its
// CASL rules by data-layer-rules.ts, the one place the service's rules are compiled.
import type { MongoAbility } from '@casl/ability';
import type { Condition } from '@ucast/mongo2js';
import { conditionToSql, sqlFalse, sqlTrue, type SqlCondition } from '../../access/condition-to-sql.ts';
import type { SessionValues } from '../../access/interpolate-session-variables.ts';
import type { CaslRawRule, PermissionModel, RuleAction } from '../../access/permission-model.ts';
import { abilityCondition, createRuleAbility } from '../../access/rule-ability.ts';
import { SessionSlot } from './parameter-slot.ts';
import { adminRole } from './role-permissions.ts';

export type CaslRulesByRole = { readonly [role: string]: readonly CaslRawRule[] };

export interface RoleRowFilter {
  /** The rows of `table` (as `alias`) that `role` may select. */
  rowFilter(role: string, table: string, alias: string): SqlCondition;
  /**
   * The condition of the role's rule for `action` over the row under `alias`: the row filter of
   * select, update and delete, and the check of insert. No rule = `false`.
   */
  ruleCondition(role: string, action: RuleAction, table: string, alias: string): SqlCondition;
}

export function createRoleRowFilter(model: PermissionModel, rulesByRole: CaslRulesByRole): RoleRowFilter {
  const abilities = new Map<string, MongoAbility>();
  const conditions = new Map<string, Condition | null>();
  const sessionSlots = (): SessionValues =>
    Object.fromEntries(Object.keys(model.sessionVariables).map((name) => [name, new SessionSlot(name)]));

  function abilityOf(role: string): MongoAbility {
    let ability = abilities.get(role);
    if (!ability) {
      const rules = rulesByRole[role] ?? [];
      // A LIKE pattern taken from a session variable is turned into a regular expression at
      // interpolation time, which a slot cannot do; the seed rules have none. Fail loudly.
      if (JSON.stringify(rules).includes('"$transform"')) {
        throw new Error(
          `role '${role}': session variables in _like/_ilike rules are not supported by the data-layer compiler`,
        );
      }
      ability = createRuleAbility(rules, sessionSlots());
      abilities.set(role, ability);
    }
    return ability;
  }

  function conditionOf(role: string, action: RuleAction, table: string): Condition | null {
    const key = `${role}\u0000${action}\u0000${table}`;
    if (!conditions.has(key)) conditions.set(key, abilityCondition(abilityOf(role), action, table));
    return conditions.get(key) ?? null;
  }

  function ruleCondition(role: string, action: RuleAction, table: string, alias: string): SqlCondition {
    if (role === adminRole) return sqlTrue;
    const condition = conditionOf(role, action, table);
    return condition ? conditionToSql(condition, table, alias, model.tables) : sqlFalse;
  }

  return { rowFilter: (role, table, alias) => ruleCondition(role, 'select', table, alias), ruleCondition };
}
