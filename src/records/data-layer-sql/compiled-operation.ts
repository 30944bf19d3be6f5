// What the data layer's operation becomes once compiled, cached by the data layer and run
// as often as it is asked: one SQL statement per table root field, in response order, and the
// session variables their rules read (docs/data-layer.md#how-a-request-runs).
import type { MutationCheck } from './compile-mutation.ts';
import type { StreamCursorPlan } from './query-plan.ts';

/** A root field's statement: SQL text, parameters (constants and slots), and its row bound. */
export interface CompiledRootField {
  readonly sql: string;
  /** The name it is prepared under once reused (docs/data-layer.md#prepared-statements), derived from `sql`. */
  readonly name: string;
  readonly parameters: readonly unknown[];
  readonly maxRows: number | null;
  readonly mutation: boolean;
  readonly check: MutationCheck | null;
  /** The response key, for messages. */
  readonly alias: string;
  /** The session variables its rules reference (lower case, sorted): what a request must carry to run it. */
  readonly sessionVariables: readonly string[];
  /** A `<t>_stream`'s cursor: the statement also returns `cursor` and reads the binding variable `streamCursorVariable`. */
  readonly stream: StreamCursorPlan | null;
  /**
   * Statements run before it in the mutation's transaction, in order, each value handed to the
   * later ones (a nested insert: docs/data-layer.md#nested-inserts); their variables are in `sessionVariables`.
   */
  readonly steps?: readonly CompiledRootField[];
}

/**
 * update_<t>_many: one statement per element of `updates`, run in order in the operation's
 * transaction; the root field answers their JSON as a list (docs/data-layer.md#update_t_many).
 */
export interface CompiledStatementList {
  readonly kind: 'list';
  readonly alias: string;
  readonly statements: readonly CompiledRootField[];
}

/** What answers one root field: its statement, or update_<t>_many's list of them. */
export type CompiledEntry = CompiledRootField | CompiledStatementList;

/** A session variable the rules of an operation use, and the root fields whose rules use it. */
export interface SessionVariableUse {
  readonly name: string;
  readonly rootFields: readonly string[];
}

export interface CompiledOperation {
  /** A mutation's statements run in order in one transaction; a query's concurrently. */
  readonly mutation: boolean;
  readonly statements: readonly CompiledEntry[];
  /**
   * The session variables the rules of its statements reference, with the root fields that
   * use each: a cached operation still knows what a request must carry
   * (docs/data-layer.md#authentication).
   */
  readonly sessionVariables: readonly SessionVariableUse[];
}

/** The session variables of an entry's statements (a list's, each once). */
function entryVariables(entry: CompiledEntry): readonly string[] {
  return 'kind' in entry
    ? [...new Set(entry.statements.flatMap((statement) => statement.sessionVariables))]
    : entry.sessionVariables;
}

export function sessionVariableUses(statements: readonly CompiledEntry[]): SessionVariableUse[] {
  const uses = new Map<string, string[]>();
  for (const statement of statements) {
    for (const name of entryVariables(statement)) uses.set(name, [...(uses.get(name) ?? []), statement.alias]);
  }
  return [...uses].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, rootFields]) => ({ name, rootFields }));
}
