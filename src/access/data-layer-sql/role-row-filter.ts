// The row filter of a role's select rule, as SQL (docs/data-layer.md#how-a-request-runs): the
// role's CASL rules are interpolated with session *slots* (parameter-slot.ts), built into an
// ability once per role, and rulesToAST gives the condition per table, compiled by conditionToSql
// for each alias. So the filter text is the same for every caller of the role and the session
// values are bound when the statement runs. No rule = `false`.
import type { MongoAbility } from '@casl/ability';
import type { Condition } from '@ucast/mongo2js';
import { caslRules, permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import { conditionToSql, sqlFalse, sqlTrue, type SqlCondition } from '../condition-to-sql.ts';
import type { SessionValues } from '../interpolate-session-variables.ts';
import type { CaslRawRule, RuleAction } from '../permission-model.ts';
import { abilityCondition, createRuleAbility } from '../rule-ability.ts';
import { SessionSlot } from './parameter-slot.ts';
import { adminRole } from './role-permissions.ts';

const rulesByRole: { readonly [role: string]: readonly CaslRawRule[] } = caslRules;

const abilities = new Map<string, MongoAbility>();
const conditions = new Map<string, Condition | null>();

function sessionSlots(): SessionValues {
  return Object.fromEntries(Object.keys(permissionModel.sessionVariables).map((name) => [name, new SessionSlot(name)]));
}

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

/** The rows of `table` (as `alias`) that `role` may select. */
export function rowFilter(role: string, table: string, alias: string): SqlCondition {
  return ruleCondition(role, 'select', table, alias);
}

/**
 * The condition of the role's rule for `action` over the row under `alias`: the row filter of
 * select, update and delete, and the check of insert. No rule = `false`.
 */
export function ruleCondition(role: string, action: RuleAction, table: string, alias: string): SqlCondition {
  if (role === adminRole) return sqlTrue;
  const condition = conditionOf(role, action, table);
  return condition ? conditionToSql(condition, table, alias) : sqlFalse;
}
