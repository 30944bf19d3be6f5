// The one place a CASL ability is built from compiled permissions.yaml rules: session
// placeholders interpolated, then `createMongoAbility` with a matcher that knows
// `$and`/`$or`/`$nor` (without it those rules never match: fail closed) and the Hasura operators
// of hasura-casl-operators.ts, and the ucast
// condition CASL folds the rules into for an action on a table (docs/permissions.md#the-access-layer-at-run-time).
import { buildMongoQueryMatcher, createMongoAbility, type MongoAbility } from '@casl/ability';
import { rulesToAST } from '@casl/ability/extra';
import { $and, $nor, $or, and, nor, or, type Condition } from '@ucast/mongo2js';
import { hasuraCaslInstructions } from './hasura-casl-operators.ts';
import { interpolateSessionVariables, type SessionValues } from './interpolate-session-variables.ts';

const conditionsMatcher = buildMongoQueryMatcher({ $and, $or, $nor, ...hasuraCaslInstructions() } as never, {
  and,
  or,
  nor,
});

/** The ability of `rules` (compiled CASL raw rules) with `session` put in for their placeholders. */
export function createRuleAbility(
  rules: readonly { readonly conditions?: unknown }[],
  session: SessionValues,
): MongoAbility {
  return createMongoAbility(interpolateSessionVariables(rules, session) as never, { conditionsMatcher });
}

/** The rows of `table` the ability allows for `action`, as one condition; null when no rule allows any. */
export function abilityCondition(ability: MongoAbility, action: string, table: string): Condition | null {
  return rulesToAST(ability, action, table);
}
