// One generated request of the property test: a role, its session headers, and one to three
// root fields over tables, columns, relationships, filters and orderings. The test renders it
// to GraphQL for the data layer and hands it, unchanged, to the reference evaluator.
import type { BoolExpJson } from './reference-rules.ts';

export type OrderDirection =
  'asc' | 'desc' | 'asc_nulls_first' | 'asc_nulls_last' | 'desc_nulls_first' | 'desc_nulls_last';

/** A sort key: a column of the table, or of a row reached through object relationships (`path`). */
export interface OrderKey {
  readonly path: readonly string[];
  readonly column: string;
  readonly direction: OrderDirection;
}

export interface ListArguments {
  /** Operands are values in the reference rows' text form; `_is_null` takes a boolean. */
  readonly where?: BoolExpJson;
  readonly orderBy: readonly OrderKey[];
  /** Keeps the first row (in `orderBy` order) of each group of equal values of these columns. */
  readonly distinctOn?: readonly string[];
  readonly limit?: number;
  readonly offset?: number;
}

export interface RelationSelection {
  readonly name: string;
  /** The related rows' fields; with `aggregate`, its `nodes` (empty: no nodes asked). */
  readonly selection: Selection;
  /** List arguments, rendered only for array relationships. */
  readonly args: ListArguments;
  /** `<name>_aggregate { aggregate { … } nodes { selection } }` instead of the list (array relationships). */
  readonly aggregate?: AggregateSelection;
}

export interface Selection {
  readonly columns: readonly string[];
  readonly relations: readonly RelationSelection[];
}

export interface AggregateSelection {
  readonly count: boolean;
  readonly sum: readonly string[];
  readonly avg: readonly string[];
  readonly min: readonly string[];
  readonly max: readonly string[];
}

export type RootField =
  | { readonly kind: 'list'; readonly table: string; readonly args: ListArguments; readonly selection: Selection }
  | {
      readonly kind: 'by_pk';
      readonly table: string;
      readonly key: Readonly<Record<string, string>>;
      readonly selection: Selection;
    }
  | {
      readonly kind: 'aggregate';
      readonly table: string;
      readonly args: ListArguments;
      readonly aggregate: AggregateSelection;
      readonly nodes: Selection | null;
    };

export interface DataCase {
  /** `admin` is the admin secret alone. */
  readonly role: string;
  /** X-Data-* session headers, exactly as sent. */
  readonly sessionHeaders: Readonly<Record<string, string>>;
  readonly rootFields: readonly RootField[];
}
