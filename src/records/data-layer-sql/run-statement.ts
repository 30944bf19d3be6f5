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
 */
export type StatementSender = (
  sql: string,
  parameters: unknown[],
  name: string | undefined,
) => Promise<readonly StatementRow[]>;

export async function runStatement(
  send: StatementSender,
  statement: CompiledRootField,
  binding: RunBinding,
  name: string | undefined,
  onStatement: StatementObserver | undefined,
): Promise<string> {
  const session = sessionByName(binding.session);
  const { variables, results } = binding;
  const parameters = bindParameters(
    statement.parameters,
    results ? { session, variables, results } : { session, variables },
  );
  onStatement?.(statement.sql, parameters, name);
  let rows: readonly StatementRow[];
  try {
    rows = await send(statement.sql, parameters, name);
  } catch (error) {
    throw clientErrorOf(error) ?? error;
  }
  const row = rows[0];
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
