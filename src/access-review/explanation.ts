// The answer of `access explain` (docs/access-review.md#explain), as data: the CLI prints it as
// text or, with --as-json, as this object.
import type { RuleSql } from '../records/data-layer-sql/rule-sql-text.ts';
import type { BoolExp, RuleAction, SessionVariableType } from '../access/permission-model.ts';
import type { InsertCapabilityExplanation } from './explain-insert-capabilities.ts';
import type { ReachPath } from './reachable-through.ts';
import type { UpdateOperatorColumns } from './update-operator-columns.ts';

/** A condition of a rule in plain words and as the SQL the data layer compiles it to. */
export interface ExplainedCondition {
  /** The condition as the compiled permission model holds it. */
  readonly expression: BoolExp;
  readonly words: string;
  readonly sql: RuleSql;
}

/**
 * How the role relates to one column for the action: `readable`/`not-readable` (select),
 * `client-input`/`preset`/`not-writable` (insert, update), `whole-row` (delete), `secret`
 * (a secret column: nobody, not even admin), `no-access` (the action is not allowed at all).
 */
export type ColumnAccess =
  'readable' | 'not-readable' | 'client-input' | 'preset' | 'not-writable' | 'whole-row' | 'secret' | 'no-access';

export interface ColumnAnswer {
  readonly name: string;
  readonly allowed: boolean;
  readonly access: ColumnAccess;
  readonly words: string;
}

export interface SessionVariableNeed {
  readonly name: string;
  readonly header: string;
  readonly type: SessionVariableType;
}

export interface Preset {
  readonly column: string;
  readonly value: string;
}

export interface Explanation {
  readonly role: string;
  readonly table: string;
  readonly action: RuleAction;
  /** Whether the data layer offers the action on the table to the role (and the column, when asked). */
  readonly allowed: boolean;
  /** Whether it offers the action on the table, whatever the column. */
  readonly actionAllowed: boolean;
  readonly summary: string;
  /** Which rows the action reaches (select, update, delete). */
  readonly rows: ExplainedCondition | null;
  /** What every written row must satisfy (insert, update). */
  readonly check: ExplainedCondition | null;
  /** select: the readable columns; insert and update: those a client may give; delete: none. */
  readonly columns: readonly string[];
  /** Columns the server sets (insert, update), never client input. */
  readonly presets: readonly Preset[];
  /** select: whether `<table>_aggregate` is offered. */
  readonly aggregates: boolean | null;
  /** select: the most rows one list returns (null: no limit of the rule). */
  readonly limit: number | null;
  /** The session variables the rule reads: a request using it must carry them. */
  readonly sessionVariables: readonly SessionVariableNeed[];
  /** Mutations: the variables reading written rows back (`returning`, `_one`, `_by_pk`) adds, through the select rule. */
  readonly returningSessionVariables: readonly SessionVariableNeed[] | null;
  /** update: the operators (`_set`, `_inc`, …) a client may use, each with the columns it takes. */
  readonly updateOperators: readonly UpdateOperatorColumns[];
  /** insert: `on_conflict` and the nested inserts `insert_<t>` offers (null for other actions). */
  readonly insertCapabilities: InsertCapabilityExplanation | null;
  /** Relationships of the role's schema leading to this table (its select rule still applies there). */
  readonly reachableThrough: readonly ReachPath[];
  readonly column: ColumnAnswer | null;
  readonly notes: readonly string[];
}
