// Runs one compiled root field with a request's session values and variables bound, and
// answers its JSON text untouched (docs/data-layer.md#how-a-request-runs): a list over its row
// bound and a failed rule check are refused here, pg's errors about the request's values
// become the client's (database-errors.ts).
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SessionValues } from '../interpolate-session-variables.ts';
import type { CompiledRootField } from './compiled-operation.ts';
import { clientErrorOf } from './database-errors.ts';
import { bindParameters } from './parameter-slot.ts';

export interface RunBinding {
  readonly session: SessionValues;
  readonly variables: Readonly<Record<string, unknown>>;
}

/** Called with every statement sent, and its name when sent as a prepared statement (tests and benchmarks count them). */
export type StatementObserver = (sql: string, parameters: readonly unknown[], name?: string) => void;

interface StatementRow {
  value: string | null;
  row_count?: string | number;
  check_passed?: boolean;
}

export async function runStatement(
  db: Db,
  statement: CompiledRootField,
  binding: RunBinding,
  onStatement: StatementObserver | undefined,
): Promise<string> {
  const session = new Map(Object.entries(binding.session).map(([name, value]) => [name.toLowerCase(), value]));
  const parameters = bindParameters(statement.parameters, { session, variables: binding.variables });
  onStatement?.(statement.sql, parameters);
  let rows: readonly StatementRow[];
  try {
    rows = (await db.executeQuery<StatementRow>(CompiledQuery.raw(statement.sql, parameters))).rows;
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
      `check constraint of an ${statement.check.action} permission has failed for '${statement.check.table}' in '${statement.alias}'; nothing was written (permission check)`,
    );
  }
  return row?.value ?? 'null';
}
