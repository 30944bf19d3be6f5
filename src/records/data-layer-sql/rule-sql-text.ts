// The SQL text of one part of a role's rule, compiled by the data layer's own compiler and
// nothing else (docs/access-review.md#explain): the row filter of select, update and delete
// (role-row-filter.ts, the CASL path), the insert check (the same path) and the update check
// (compile-bool-exp.ts), exactly as the statements of docs/data-layer.md#how-a-request-runs
// hold them. Compiled without a database (Kysely's DummyDriver), so auditors' tooling needs no
// PostgreSQL. Session values stay slots, described as `session <name>`.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import type { SqlCondition } from '../../access/condition-to-sql.ts';
import { compileBoolExp } from './compile-bool-exp.ts';
import { createCompileScope, defaultDataQueryLimits } from './compile-scope.ts';
import { compiledDataLayerRules } from './data-layer-rules.ts';
import { SessionSlot, describeParameter, sessionVariablesOf } from './parameter-slot.ts';

/** Which condition of a rule: the rows it reaches, or what a written row must satisfy. */
export type RulePart = 'select-rows' | 'update-rows' | 'delete-rows' | 'insert-check' | 'update-check';

/** A parameter of the compiled condition: a session variable read at request time, or a constant. */
export type RuleSqlParameter =
  { readonly kind: 'session'; readonly name: string } | { readonly kind: 'constant'; readonly value: unknown };

export interface RuleSql {
  /** The condition over the row aliased `t0`, as the data layer's statements contain it. */
  readonly condition: string;
  /** A statement selecting the rows the condition admits: `SELECT * FROM "<table>" AS "t0" WHERE …`. */
  readonly statement: string;
  readonly parameters: readonly RuleSqlParameter[];
  /** `$1: session x-data-organization-id`, as the golden files of the data layer describe parameters. */
  readonly parameterNotes: readonly string[];
  /** The session variables among the parameters (lower case, sorted). */
  readonly sessionVariables: readonly string[];
}

/** The alias the data layer gives a root field's table (compile-scope.ts counts from t0). */
export const ruleAlias = 't0';

const offline = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function conditionOf(role: string, part: RulePart, table: string): SqlCondition | null {
  switch (part) {
    case 'select-rows':
      return compiledDataLayerRules.ruleCondition(role, 'select', table, ruleAlias);
    case 'update-rows':
      return compiledDataLayerRules.ruleCondition(role, 'update', table, ruleAlias);
    case 'delete-rows':
      return compiledDataLayerRules.ruleCondition(role, 'delete', table, ruleAlias);
    case 'insert-check':
      return compiledDataLayerRules.ruleCondition(role, 'insert', table, ruleAlias);
    case 'update-check': {
      // compile-mutation.ts compiles the update check from the model's BoolExp; a fresh scope
      // hands out t0 first, so the row takes it and relationships get t1, t2, ….
      const check = compiledDataLayerRules.updatePermission(role, table)?.check;
      if (!check) return null;
      const scope = createCompileScope(role, defaultDataQueryLimits);
      return compileBoolExp(check, table, scope.nextAlias(), scope);
    }
  }
}

function parameterOf(parameter: unknown): RuleSqlParameter {
  return parameter instanceof SessionSlot
    ? { kind: 'session', name: parameter.sessionVariable }
    : { kind: 'constant', value: parameter };
}

function compileText(query: RawBuilder<unknown>): { sql: string; parameters: readonly unknown[] } {
  return query.compile(offline);
}

/**
 * The compiled condition of `part` of the role's rule on `table`, or null when the rule has no
 * such part (no update check). A role without the rule gets the data layer's `false`.
 */
export function ruleSql(role: string, part: RulePart, table: string): RuleSql | null {
  const condition = conditionOf(role, part, table);
  if (!condition) return null;
  const compiled = compileText(sql`SELECT * FROM ${sql.table(table)} AS ${sql.id(ruleAlias)} WHERE ${condition}`);
  const where = compileText(condition).sql;
  return {
    condition: where,
    statement: compiled.sql,
    parameters: compiled.parameters.map(parameterOf),
    parameterNotes: compiled.parameters.map((parameter, index) => `$${index + 1}: ${describeParameter(parameter)}`),
    sessionVariables: sessionVariablesOf(compiled.parameters),
  };
}
