// The normalized, typed plan of a data-layer operation's table root fields: src/data-layer
// parses and validates GraphQL against the caller's role schema and hands this plan over;
// src/records/data-layer-sql compiles each root field to one SQL statement and runs them. The
// plan is the one contract between the two halves, so it lives in the lower one
// (docs/architecture.md#layers). No GraphQL or Kysely types here.
import type { ComparisonOperator } from '../../access/comparison-operators.ts';
import type { ComputedUpdateOperator } from './update-operators.ts';
import type { AggregateFunction } from './aggregate-functions.ts';

export type { AggregateFunction } from './aggregate-functions.ts';

/**
 * A value from the request. Variables stay references so that a compiled statement can be
 * cached and the variable bound at execution time; `list` is a list literal whose items may
 * be variables (`_in: [$a, $b]`).
 */
export type PlanValue =
  | { readonly kind: 'literal'; readonly value: unknown }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'list'; readonly items: readonly PlanValue[] };

/** The client's `where` (a `<t>_bool_exp`), normalized. */
export type WherePlan =
  | { readonly kind: 'and'; readonly operands: readonly WherePlan[] }
  | { readonly kind: 'or'; readonly operands: readonly WherePlan[] }
  | { readonly kind: 'not'; readonly operand: WherePlan }
  | {
      readonly kind: 'compare';
      readonly column: string;
      readonly operator: ComparisonOperator;
      readonly value: PlanValue;
      /** `_cast: { String: … }`: the column is compared as this PostgreSQL type. */
      readonly cast?: string;
    }
  | { readonly kind: 'relationship'; readonly relationship: string; readonly where: WherePlan };

/**
 * One `order_by` key: a column of the table, or of a table reached through object relationships
 * (`path`), or an aggregate of an array relationship of that table (`<rel>_aggregate`).
 */
export interface OrderByPlan {
  readonly path: readonly string[];
  readonly key: OrderByKey;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last' | null;
}

/** What an `order_by` key sorts by: a column, or `count` / `<fn> { column }` over an array relationship's rows. */
export type OrderByKey =
  | { readonly kind: 'column'; readonly column: string }
  | { readonly kind: 'count'; readonly relationship: string }
  | {
      readonly kind: 'aggregate';
      readonly relationship: string;
      readonly fn: AggregateFunction;
      readonly column: string;
    };

export interface RowSetArguments {
  readonly where: WherePlan | null;
  readonly orderBy: readonly OrderByPlan[];
  readonly limit: PlanValue | null;
  readonly offset: PlanValue | null;
  readonly distinctOn: readonly string[];
}

export type SelectionField =
  | {
      readonly kind: 'column';
      readonly alias: string;
      readonly column: string;
      /** A jsonb column's `path` argument (`$.a[0]`), parsed when the statement is bound. */
      readonly path?: PlanValue;
    }
  | { readonly kind: 'typename'; readonly alias: string; readonly typename: string }
  | {
      readonly kind: 'object_relationship';
      readonly alias: string;
      readonly relationship: string;
      readonly fields: readonly SelectionField[];
    }
  | {
      readonly kind: 'array_relationship';
      readonly alias: string;
      readonly relationship: string;
      readonly arguments: RowSetArguments;
      readonly fields: readonly SelectionField[];
    }
  | {
      /** `<rel>_aggregate` of an array relationship: one correlated subquery over the related rows. */
      readonly kind: 'array_aggregate';
      readonly alias: string;
      readonly relationship: string;
      readonly arguments: RowSetArguments;
      readonly fields: readonly AggregateResultField[];
    };

/** A field of `sum { … }`, `avg { … }`, …: a column, or `__typename`. */
export type AggregateColumnField =
  | { readonly kind: 'column'; readonly alias: string; readonly column: string }
  | { readonly kind: 'typename'; readonly alias: string; readonly typename: string };

/** A field of `aggregate { … }`. */
export type AggregateField =
  | { readonly kind: 'count'; readonly alias: string; readonly columns: readonly string[]; readonly distinct: boolean }
  | {
      readonly kind: 'function';
      readonly alias: string;
      readonly fn: AggregateFunction;
      readonly fields: readonly AggregateColumnField[];
    }
  | { readonly kind: 'typename'; readonly alias: string; readonly typename: string };

/** A field of `<t>_aggregate { … }`. */
export type AggregateResultField =
  | { readonly kind: 'aggregate'; readonly alias: string; readonly fields: readonly AggregateField[] }
  | { readonly kind: 'nodes'; readonly alias: string; readonly fields: readonly SelectionField[] }
  | { readonly kind: 'typename'; readonly alias: string; readonly typename: string };

/**
 * A `<t>_stream` cursor: the column, its direction, and the client's initial value. The compiled
 * statement reads the subscriber's current cursor from the variable `streamCursorVariable`, which
 * the subscription advances after each batch (docs/data-layer.md#subscriptions).
 */
export interface StreamCursorPlan {
  readonly column: string;
  readonly ordering: 'asc' | 'desc';
  readonly initial: PlanValue;
}

/** The binding variable holding a stream's current cursor value; not a GraphQL name, so no client variable can clash. */
export const streamCursorVariable = '#cursor';

export type RootFieldPlan =
  | MutationPlan
  | UpdateManyPlan
  | {
      readonly kind: 'select_stream';
      readonly alias: string;
      readonly table: string;
      readonly where: WherePlan | null;
      readonly batchSize: PlanValue;
      readonly cursor: StreamCursorPlan;
      readonly fields: readonly SelectionField[];
    }
  | {
      readonly kind: 'select';
      readonly alias: string;
      readonly table: string;
      readonly arguments: RowSetArguments;
      readonly fields: readonly SelectionField[];
    }
  | {
      readonly kind: 'select_by_pk';
      readonly alias: string;
      readonly table: string;
      readonly key: readonly { readonly column: string; readonly value: PlanValue }[];
      readonly fields: readonly SelectionField[];
    }
  | {
      readonly kind: 'select_aggregate';
      readonly alias: string;
      readonly table: string;
      readonly arguments: RowSetArguments;
      readonly fields: readonly AggregateResultField[];
    };

/** Column values of one inserted row, or of `_set`, or of a primary key. */
export type ColumnValues = readonly { readonly column: string; readonly value: PlanValue }[];

/** A field of `<t>_mutation_response`. */
export type MutationResponseField =
  | { readonly kind: 'affected_rows'; readonly alias: string }
  | { readonly kind: 'returning'; readonly alias: string; readonly fields: readonly SelectionField[] }
  | { readonly kind: 'typename'; readonly alias: string; readonly typename: string };

/** What a mutation root field answers: `<t>_mutation_response`, or one row (`_one`, `_by_pk`; null when none). */
export type MutationOutput =
  | { readonly kind: 'response'; readonly fields: readonly MutationResponseField[] }
  | { readonly kind: 'row'; readonly fields: readonly SelectionField[] };

/** The rows an update or delete touches: the client's `where`, or a primary key (`_by_pk`). */
export type MutationTarget =
  { readonly kind: 'where'; readonly where: WherePlan } | { readonly kind: 'key'; readonly key: ColumnValues };

/** `on_conflict` of an insert (docs/data-layer.md#upserts-on_conflict); no update columns: DO NOTHING. */
export interface OnConflictPlan {
  readonly constraint: string;
  readonly updateColumns: readonly string[];
  readonly where: WherePlan | null;
}

/** Rows inserted through one relationship of a row (docs/data-layer.md#nested-inserts). */
export interface NestedInsertPlan {
  readonly relationship: string;
  readonly table: string;
  readonly rows: readonly InsertRowPlan[];
  readonly onConflict: OnConflictPlan | null;
}

export interface InsertRowPlan {
  readonly columns: ColumnValues;
  readonly nested: readonly NestedInsertPlan[];
}

export type MutationPlan =
  | {
      readonly kind: 'insert';
      readonly alias: string;
      readonly table: string;
      readonly objects: readonly ColumnValues[];
      /** The relationships each of `objects` inserts through, by index; absent when none does. */
      readonly nested?: readonly (readonly NestedInsertPlan[])[];
      readonly onConflict?: OnConflictPlan | null;
      readonly output: MutationOutput;
    }
  | {
      readonly kind: 'update';
      readonly alias: string;
      readonly table: string;
      readonly target: MutationTarget;
      readonly set: ColumnValues;
      /** `_inc`, `_append`, … (update-operators.ts); a column appears once across `set` and these. */
      readonly operations: readonly UpdateOperation[];
      readonly output: MutationOutput;
    }
  | {
      readonly kind: 'delete';
      readonly alias: string;
      readonly table: string;
      readonly target: MutationTarget;
      readonly output: MutationOutput;
    };

/** A column written by an update operator other than `_set`: its new value computed from the old. */
export interface UpdateOperation {
  readonly operator: ComputedUpdateOperator;
  readonly column: string;
  readonly value: PlanValue;
}

/**
 * `update_<t>_many(updates: […])`: one update per element, run in order, each one statement that
 * sees what the ones before wrote (docs/data-layer.md#update_t_many); answers their responses as a list.
 */
export interface UpdateManyPlan {
  readonly kind: 'update_many';
  readonly alias: string;
  readonly table: string;
  readonly updates: readonly Extract<MutationPlan, { kind: 'update' }>[];
}

/** A root field compiled to one statement: every kind but update_<t>_many. */
export type SingleStatementPlan = Exclude<RootFieldPlan, UpdateManyPlan>;

/** An operation's table root fields in response order; a mutation's run in one transaction. */
export interface OperationPlan {
  readonly mutation: boolean;
  readonly rootFields: readonly RootFieldPlan[];
}
