// Runs one compiled root field with a request's session values and variables bound, and
// answers its JSON text untouched (docs/data-layer.md#how-a-request-runs): a list over its row
// bound and a failed rule check are refused here, pg's errors about the request's values
// become the client's (database-errors.ts).
import { AppError } from '../../errors/app-error.ts';
import type { SessionValues } from '../../access/interpolate-session-variables.ts';
import type { CompiledRootField } from './compiled-operation.ts';
import { clientErrorOf } from './database-errors.ts';
import { bindParameters, sessionByName } from './parameter-slot.ts';

export interface RunBinding {
  readonly session: SessionValues;
  readonly variables: Readonly<Record<string, unknown>>;
  /** The values of the steps run before this statement (a nested insert). */
  readonly results?: readonly string[];
}

/** Called with every statement sent, and its name when sent as a prepared statement (tests and benchmarks count them). */
export type StatementObserver = (sql: string, parameters: readonly unknown[], name?: string) => void;

export interface StatementRow {
  value: string | null;
  row_count?: string | number;
  check_passed?: boolean;
  /** An upsert's: whose check failed, 'insert' or 'update'. */
  check_action?: 'insert' | 'update' | null;
}

/**
 * Sends one statement with its parameters bound: on the pool, as a prepared statement when
 * given a name (docs/data-layer.md#prepared-statements), or inside a mutation's transaction.
 * It fails its promise rather than throw.
 */
export type StatementSender = (
  sql: string,
  parameters: unknown[],
  name: string | undefined,
) => Promise<readonly StatementRow[]>;

/**
 * Not an async function: its answer is its statement's promise carried one step on, with no step
 * of its own (docs/benchmarks-log.md#the-data-layers-promise-steps-2026-12-07). A value that cannot
 * be bound fails the promise too.
 */
export function runStatement(
  send: StatementSender,
  statement: CompiledRootField,
  binding: RunBinding,
  name: string | undefined,
  onStatement: StatementObserver | undefined,
): Promise<string> {
  let parameters: unknown[];
  try {
    parameters = boundParameters(statement, binding);
    onStatement?.(statement.sql, parameters, name);
  } catch (error) {
    return Promise.reject(error);
  }
  return send(statement.sql, parameters, name).then(
    (rows) => statementValue(statement, rows[0]),
    (error: unknown) => {
      throw clientErrorOf(error) ?? error;
    },
  );
}

function boundParameters(statement: CompiledRootField, binding: RunBinding): unknown[] {
  const session = sessionByName(binding.session);
  const { variables, results } = binding;
  return bindParameters(statement.parameters, results ? { session, variables, results } : { session, variables });
}

/** The statement's JSON text from its one row, once its row bound and its permission check hold. */
function statementValue(statement: CompiledRootField, row: StatementRow | undefined): string {
  if (statement.maxRows !== null && Number(row?.row_count ?? 0) > statement.maxRows) {
    throw new AppError(
      'BAD_REQUEST',
      `'${statement.alias}' would return more than ${statement.maxRows} rows; pass a limit (at most ${statement.maxRows}) and page with offset`,
    );
  }
  if (statement.check && row?.check_passed === false) {
    throw new AppError(
      'FORBIDDEN',
      `check constraint of an ${row.check_action ?? statement.check.action} permission has failed for '${statement.check.table}' in '${statement.alias}'; nothing was written (permission check)`,
    );
  }
  return row?.value ?? 'null';
}
