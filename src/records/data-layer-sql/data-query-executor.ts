// The data layer's door to PostgreSQL, and the one home of compiling and running an operation
// (docs/data-layer.md#how-a-request-runs): src/data-layer hands over the typed plan of an
// operation's table root fields and gets back a compiled operation (cacheable: SQL text with
// parameter slots, and the session variables its rules read); it then hands that back with
// the request's session values and variables, and gets each root field's JSON text. A query's
// statements run concurrently; a mutation's in order in ONE transaction, so a failed rule
// check or a database error in any of them rolls all of them back. A query statement run again
// (its compiled operation reused from the data layer's cache) is sent as a named prepared
// statement, so PostgreSQL parses and plans it once per connection
// (docs/data-layer.md#prepared-statements). Nothing here calls back into the data layer.
import { CompiledQuery } from 'kysely';
import type { DatabaseAccess, Db } from '../../db/create-database.ts';
import { preparedStatementName } from '../../db/prepared-statement-names.ts';
import type { TextRow } from '../../db/text-rows-query.ts';
import { compileRootField } from './compile-root-field.ts';
import { clientErrorOf } from './database-errors.ts';
import { defaultDataQueryLimits, type DataQueryLimits } from './compile-scope.ts';
import type { DataLayerRules } from './data-layer-rules.ts';
import {
  sessionVariableUses,
  type CompiledEntry,
  type CompiledOperation,
  type CompiledRootField,
} from './compiled-operation.ts';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import { multiplexStatement, type MultiplexedStatement } from './multiplexed-statement.ts';
import { describeParameter, sessionVariablesOf } from './parameter-slot.ts';
import { inferParameterTypes } from './parameter-types.ts';
import { runMultiplexed, type MultiplexedOutcome } from './run-multiplexed.ts';
import type { OperationPlan, RootFieldPlan, SingleStatementPlan } from './query-plan.ts';
import {
  runStatement,
  type RunBinding,
  type StatementObserver,
  type StatementRow,
  type StatementSender,
} from './run-statement.ts';

export type {
  CompiledEntry,
  CompiledOperation,
  CompiledRootField,
  CompiledStatementList,
  SessionVariableUse,
} from './compiled-operation.ts';
export type { RunBinding } from './run-statement.ts';
export type { MultiplexedOutcome } from './run-multiplexed.ts';

export interface DataQueryExecutor {
  /** One root field's statement (update_<t>_many has several: compileOperation). */
  compile(role: string, plan: SingleStatementPlan): CompiledRootField;
  /** Every table root field of an operation, in response order. */
  compileOperation(role: string, plan: OperationPlan): CompiledOperation;
  /** The root field's JSON value as text (`null` for a missing by-pk row). */
  run(statement: CompiledRootField, binding: RunBinding): Promise<string>;
  /** The JSON text of every statement of the operation, in its order. */
  runOperation(operation: CompiledOperation, binding: RunBinding): Promise<string[]>;
  /**
   * A query statement for many bindings at once, as ONE multiplexed statement
   * (docs/data-layer.md#multiplexing): each binding's outcome, in order.
   */
  runMultiplexed(statement: CompiledRootField, bindings: readonly RunBinding[]): Promise<MultiplexedOutcome[]>;
  /** The statement with each parameter described, for golden files and debugging. */
  explain(statement: CompiledRootField): string;
}

export interface DataQueryExecutorOptions {
  readonly limits?: DataQueryLimits;
  /** The compiled permissions statements follow; by default generated/permissions' (the service's). */
  readonly rules?: DataLayerRules;
  /** Called with every statement sent (tests count them). */
  readonly onStatement?: StatementObserver;
}

/** A query statement's text rows as StatementRows: one row at most, as the statements aggregate. */
function statementRows(rows: readonly TextRow[]): StatementRow[] {
  const first = rows[0];
  return first ? [{ value: first[0] ?? null, row_count: first[1] ?? undefined }] : [];
}

const inList = (json: string): string[] => [json];

/** Prefix of the data layer's prepared statements' names. */
const statementNamePrefix = 'dl';

export function createDataQueryExecutor(
  database: Pick<DatabaseAccess, 'db' | 'statements'>,
  options: DataQueryExecutorOptions = {},
): DataQueryExecutor {
  const { db, statements: runner } = database;
  const limits = options.limits ?? defaultDataQueryLimits;
  // A query statement's columns are known by position (compile-root-field.ts: `value`, then
  // `row_count` for lists and aggregates), so it is sent without Describe (src/db/text-rows-query.ts).
  const onPool: StatementSender = (sql, parameters, name) => runner.textRows(sql, parameters, name).then(statementRows);
  const inTransaction =
    (transaction: Db): StatementSender =>
    async (sql, parameters) =>
      (await transaction.executeQuery<StatementRow>(CompiledQuery.raw(sql, parameters))).rows;
  // A statement run once runs unnamed: one-off queries take no prepared statement on any connection.
  const ranOnce = new WeakSet<CompiledRootField>();
  const nameOf = (statement: CompiledRootField): string | undefined => {
    if (ranOnce.has(statement)) return statement.name;
    ranOnce.add(statement);
    return undefined;
  };
  const runQuery = (entry: CompiledEntry, binding: RunBinding): Promise<string> => {
    if ('kind' in entry)
      return Promise.reject(
        new Error(`'${entry.alias}' is a mutation's list of statements, run outside a transaction`),
      );
    return runStatement(onPool, entry, binding, nameOf(entry), options.onStatement);
  };

  function compile(role: string, plan: SingleStatementPlan): CompiledRootField {
    const statement = compileRootField(role, plan, limits, options.rules);
    const compiled = statement.query.compile(db);
    const steps = statement.steps?.map((step): CompiledRootField => {
      const stepSql = step.query.compile(db);
      return {
        sql: stepSql.sql,
        name: preparedStatementName(statementNamePrefix, stepSql.sql),
        parameters: stepSql.parameters,
        maxRows: null,
        mutation: true,
        check: step.check,
        alias: plan.alias,
        sessionVariables: sessionVariablesOf(stepSql.parameters),
        stream: null,
      };
    });
    return {
      sql: compiled.sql,
      name: preparedStatementName(statementNamePrefix, compiled.sql),
      parameters: compiled.parameters,
      maxRows: statement.maxRows,
      mutation: statement.mutation,
      check: statement.check,
      alias: plan.alias,
      sessionVariables: sessionVariablesOf([
        ...(steps ?? []).flatMap((step) => step.parameters),
        ...compiled.parameters,
      ]),
      ...(steps ? { steps } : {}),
      stream: plan.kind === 'select_stream' ? plan.cursor : null,
    };
  }

  // Per statement text: its parameters' types are asked of PostgreSQL once (parameter-types.ts).
  const multiplexed = createBoundedCache<Promise<MultiplexedStatement>>({ maxEntries: 1_000 });
  const multiplexedOf = (statement: CompiledRootField) => async () => {
    let shape = multiplexed.get(statement.sql);
    if (!shape) {
      shape = inferParameterTypes(db, statement.sql).then((types) => multiplexStatement(statement, types));
      shape.catch(() => multiplexed.delete(statement.sql));
      multiplexed.set(statement.sql, shape);
    }
    return shape;
  };
  const sendTextRows = (sql: string, parameters: readonly unknown[], name: string | undefined) =>
    runner.textRows(sql, parameters, name);

  /**
   * A mutation's statements in one transaction. Kysely's transaction cannot name a statement: they
   * run unnamed. A deferred constraint refuses at COMMIT (migration 0020's otc_trade_settled_journal),
   * outside any statement, so the commit's error becomes the client's as a statement's would.
   */
  async function runMutation(statements: readonly CompiledEntry[], binding: RunBinding): Promise<string[]> {
    try {
      return await db.transaction().execute(async (transaction) => {
        const send = inTransaction(transaction);
        const values: string[] = [];
        // A nested insert's steps first, each value handed to the statements after it.
        const run = async (statement: CompiledRootField) => {
          const results: string[] = [];
          for (const step of statement.steps ?? [])
            results.push(await runStatement(send, step, { ...binding, results }, undefined, options.onStatement));
          return runStatement(send, statement, { ...binding, results }, undefined, options.onStatement);
        };
        // In order, as Hasura does: a later root field (or update_<t>_many element) sees what an earlier one wrote.
        for (const entry of statements) {
          if (!('kind' in entry)) {
            values.push(await run(entry));
            continue;
          }
          const list: string[] = [];
          for (const statement of entry.statements) list.push(await run(statement));
          values.push(`[${list.join(',')}]`);
        }
        return values;
      });
    } catch (error) {
      throw clientErrorOf(error) ?? error;
    }
  }

  /** update_<t>_many's elements are each compiled as the update they are, named after their place. */
  function compileEntry(role: string, plan: RootFieldPlan): CompiledEntry {
    if (plan.kind !== 'update_many') return compile(role, plan);
    return {
      kind: 'list',
      alias: plan.alias,
      statements: plan.updates.map((update) => compile(role, update)),
    };
  }

  return {
    compile,

    compileOperation(role, plan) {
      const statements = plan.rootFields.map((rootField) => compileEntry(role, rootField));
      return { mutation: plan.mutation, statements, sessionVariables: sessionVariableUses(statements) };
    },

    async run(statement, binding) {
      return runQuery(statement, binding);
    },

    runOperation(operation, binding) {
      if (operation.mutation) return runMutation(operation.statements, binding);
      const { statements } = operation;
      // Most operations have one root field: its statement's promise carried one step, no Promise.all.
      if (statements.length === 1) return runQuery(statements[0]!, binding).then(inList);
      return Promise.all(statements.map((statement) => runQuery(statement, binding)));
    },

    runMultiplexed: (statement, bindings) =>
      runMultiplexed(sendTextRows, statement, multiplexedOf(statement), bindings, options.onStatement),

    explain(statement) {
      const described = statement.parameters.map(
        (parameter, index) => `-- $${index + 1}: ${describeParameter(parameter)}`,
      );
      return `${statement.sql}\n${described.join('\n')}${described.length > 0 ? '\n' : ''}`;
    },
  };
}
