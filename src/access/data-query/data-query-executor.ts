// The data layer's door to PostgreSQL (DESIGN.md §3): compiles a root-field plan once into
// SQL text with parameter slots (cacheable by the caller), and runs it with the request's
// session values and variables bound. Errors pg raises about the request's values (class 22,
// e.g. an invalid timestamp) are the client's; anything else is ours.
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SessionValues } from '../interpolate-session-variables.ts';
import { compileRootField } from './compile-root-field.ts';
import { defaultDataQueryLimits, type DataQueryLimits } from './compile-scope.ts';
import { bindParameters, describeParameter } from './parameter-slot.ts';
import type { RootFieldPlan } from './query-plan.ts';

/** A root field's statement: SQL text, parameters (constants and slots), and its row bound. */
export interface CompiledRootField {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  readonly maxRows: number | null;
  /** The response key, for messages. */
  readonly alias: string;
}

export interface RunBinding {
  readonly session: SessionValues;
  readonly variables: Readonly<Record<string, unknown>>;
}

export interface DataQueryExecutor {
  compile(role: string, plan: RootFieldPlan): CompiledRootField;
  /** The root field's JSON value as text (`null` for a missing by-pk row). */
  run(statement: CompiledRootField, binding: RunBinding): Promise<string>;
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
      return { sql: compiled.sql, parameters: compiled.parameters, maxRows: statement.maxRows, alias: plan.alias };
    },

    async run(statement, binding) {
      const session = new Map(Object.entries(binding.session).map(([name, value]) => [name.toLowerCase(), value]));
      const parameters = bindParameters(statement.parameters, { session, variables: binding.variables });
      options.onStatement?.(statement.sql, parameters);
      let rows: readonly { value: string | null; row_count?: string | number }[];
      try {
        rows = (await db.executeQuery<{ value: string | null; row_count?: string | number }>(CompiledQuery.raw(statement.sql, parameters))).rows;
      } catch (error) {
        throw clientErrorOf(error) ?? error;
      }
      const row = rows[0];
      if (statement.maxRows !== null && Number(row?.row_count ?? 0) > statement.maxRows) {
        throw new AppError('BAD_REQUEST', `'${statement.alias}' would return more than ${statement.maxRows} rows; pass a limit (at most ${statement.maxRows}) and page with offset`);
      }
      return row?.value ?? 'null';
    },

    explain(statement) {
      const described = statement.parameters.map((parameter, index) => `-- $${index + 1}: ${describeParameter(parameter)}`);
      return `${statement.sql}\n${described.join('\n')}${described.length > 0 ? '\n' : ''}`;
    },
  };
}

function clientErrorOf(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('22')) return new AppError('BAD_REQUEST', `invalid value: ${message}`, { cause: error });
  if (code.startsWith('54')) return new AppError('BAD_REQUEST', `query too complex for the database: ${message}`, { cause: error });
  if (code === '57014') return new AppError('SERVICE_UNAVAILABLE', 'the query was cancelled (statement timeout)', { cause: error });
  return null;
}
