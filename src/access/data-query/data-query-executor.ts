// The data layer's door to PostgreSQL (DESIGN.md §3): compiles a root-field plan once into
// SQL text with parameter slots (cacheable by the caller), and runs it with the request's
// session values and variables bound. Errors pg raises about the request's values (class 22,
// e.g. an invalid timestamp; class 23, a violated constraint) are the client's; anything else
// is ours. Mutations run in one transaction per operation.
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SessionValues } from '../interpolate-session-variables.ts';
import type { MutationCheck } from './compile-mutation.ts';
import { compileRootField } from './compile-root-field.ts';
import { defaultDataQueryLimits, type DataQueryLimits } from './compile-scope.ts';
import { bindParameters, describeParameter, sessionVariablesOf } from './parameter-slot.ts';
import type { RootFieldPlan } from './query-plan.ts';

/** A root field's statement: SQL text, parameters (constants and slots), and its row bound. */
export interface CompiledRootField {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  readonly maxRows: number | null;
  readonly mutation: boolean;
  readonly check: MutationCheck | null;
  /** The response key, for messages. */
  readonly alias: string;
  /** The session variables its rules reference (lower case, sorted): what a request must carry to run it. */
  readonly sessionVariables: readonly string[];
}

export interface RunBinding {
  readonly session: SessionValues;
  readonly variables: Readonly<Record<string, unknown>>;
}

export interface DataQueryExecutor {
  compile(role: string, plan: RootFieldPlan): CompiledRootField;
  /** The root field's JSON value as text (`null` for a missing by-pk row). */
  run(statement: CompiledRootField, binding: RunBinding): Promise<string>;
  /**
   * The root fields of a mutation, in order, in ONE transaction: a failed rule check or a
   * database error in any of them rolls all of them back (issue 4).
   */
  runMutation(statements: readonly CompiledRootField[], binding: RunBinding): Promise<string[]>;
  /** The statement with each parameter described, for golden files and debugging. */
  explain(statement: CompiledRootField): string;
}

export interface DataQueryExecutorOptions {
  readonly limits?: DataQueryLimits;
  /** Called with every statement sent (tests count them). */
  readonly onStatement?: (sql: string, parameters: readonly unknown[]) => void;
}

export function createDataQueryExecutor(db: Db, options: DataQueryExecutorOptions = {}): DataQueryExecutor {
  const limits = options.limits ?? defaultDataQueryLimits;
  return {
    compile(role, plan) {
      const statement = compileRootField(role, plan, limits);
      const compiled = statement.query.compile(db);
      return {
        sql: compiled.sql,
        parameters: compiled.parameters,
        maxRows: statement.maxRows,
        mutation: statement.mutation,
        check: statement.check,
        alias: plan.alias,
        sessionVariables: sessionVariablesOf(compiled.parameters),
      };
    },

    async run(statement, binding) {
      return runStatement(db, statement, binding, options);
    },

    async runMutation(statements, binding) {
      return db.transaction().execute(async (transaction) => {
        const values: string[] = [];
        // In order, as Hasura does: a later root field sees what an earlier one wrote.
        for (const statement of statements) values.push(await runStatement(transaction, statement, binding, options));
        return values;
      });
    },

    explain(statement) {
      const described = statement.parameters.map((parameter, index) => `-- $${index + 1}: ${describeParameter(parameter)}`);
      return `${statement.sql}\n${described.join('\n')}${described.length > 0 ? '\n' : ''}`;
    },
  };
}

interface StatementRow { value: string | null; row_count?: string | number; check_passed?: boolean }

async function runStatement(
  db: Db, statement: CompiledRootField, binding: RunBinding, options: DataQueryExecutorOptions,
): Promise<string> {
  const session = new Map(Object.entries(binding.session).map(([name, value]) => [name.toLowerCase(), value]));
  const parameters = bindParameters(statement.parameters, { session, variables: binding.variables });
  options.onStatement?.(statement.sql, parameters);
  let rows: readonly StatementRow[];
  try {
    rows = (await db.executeQuery<StatementRow>(CompiledQuery.raw(statement.sql, parameters))).rows;
  } catch (error) {
    throw clientErrorOf(error) ?? error;
  }
  const row = rows[0];
  if (statement.maxRows !== null && Number(row?.row_count ?? 0) > statement.maxRows) {
    throw new AppError('BAD_REQUEST', `'${statement.alias}' would return more than ${statement.maxRows} rows; pass a limit (at most ${statement.maxRows}) and page with offset`);
  }
  if (statement.check && row?.check_passed === false) {
    throw new AppError(
      'FORBIDDEN',
      `check constraint of an ${statement.check.action} permission has failed for '${statement.check.table}' in '${statement.alias}'; nothing was written (permission check)`,
    );
  }
  return row?.value ?? 'null';
}

interface PgError { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown }

/** pg's integrity errors (class 23) named by constraint, table and column only: never the SQL or the row's values. */
function integrityError(error: PgError): AppError {
  const where = typeof error.table === 'string' ? ` of '${error.table}'` : '';
  const constraint = typeof error.constraint === 'string' ? `'${error.constraint}'` : '';
  switch (error.code) {
    case '23505': return new AppError('CONFLICT', `uniqueness violation: constraint ${constraint}${where}; a row with the same value already exists`, { cause: error });
    case '23503': case '23001': return new AppError('CONFLICT', `foreign key violation: constraint ${constraint}${where}; the referenced row does not exist, or other rows still refer to this one`, { cause: error });
    case '23P01': return new AppError('CONFLICT', `exclusion violation: constraint ${constraint}${where}`, { cause: error });
    case '23502': return new AppError('BAD_REQUEST', `not-null violation: column '${String(error.column)}'${where} needs a value`, { cause: error });
    case '23514': return new AppError('BAD_REQUEST', `check constraint ${constraint}${where} is violated by the written row`, { cause: error });
    default: return new AppError('CONFLICT', `integrity constraint violation: constraint ${constraint}${where}`, { cause: error });
  }
}

function clientErrorOf(error: unknown): AppError | null {
  const code = (error as PgError).code;
  if (typeof code !== 'string') return null;
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('23')) return integrityError(error as PgError);
  // GENERATED ALWAYS columns (audit_log.id) are offered to admin like any other; pg's message names the column only.
  if (code === '428C9') return new AppError('BAD_REQUEST', `${message}: the database generates this column`, { cause: error });
  if (code.startsWith('22')) return new AppError('BAD_REQUEST', `invalid value: ${message}`, { cause: error });
  if (code.startsWith('54')) return new AppError('BAD_REQUEST', `query too complex for the database: ${message}`, { cause: error });
  if (code === '57014') return new AppError('SERVICE_UNAVAILABLE', 'the query was cancelled (statement timeout)', { cause: error });
  return null;
}
