// graphql-js' `execute`, less the abort at the end of every execution (docs/benchmarks-log.md#graphql-js-aborts-every-execution-2026-12-06).
// graphql-js 17 gives each execution an AbortController for its resolvers' `info.getAbortSignal()`
// and aborts it, without a reason, once the result is built; Node then builds a DOMException with
// its stack, about 7 µs of the ~8 µs a `{ ping }` execution costs. No resolver of this service
// asks for the signal, so the controller is made only when one does, and aborted as graphql-js
// aborts its own: when the execution's result is complete. graphql-js takes that part of an
// execution (its "shared execution context") only through its executor class, which the package
// does not export: it is imported by its file, the same .mjs module the package's entry loads
// (one copy of graphql-js, so its `instanceof` checks hold). Everything else is graphql-js' own:
// the arguments' validation, the executor, its errors. With a subscriber on graphql-js'
// `graphql:execute` tracing channel, or a schema declaring @defer or @stream, `execute` runs as is.
import { tracingChannel } from 'node:diagnostics_channel';
import { type ExecutionArgs, type ExecutionResult, type GraphQLSchema, execute, validateExecutionArgs } from 'graphql';
import { ExecutorThrowingOnIncremental } from '../../node_modules/graphql/execution/ExecutorThrowingOnIncremental.mjs';
import { createSharedExecutionContext } from '../../node_modules/graphql/execution/createSharedExecutionContext.mjs';

const executeChannel = tracingChannel('graphql:execute');

/**
 * The validated arguments as the .mjs declarations type them: TypeScript reads the package's
 * CommonJS declarations for `graphql` (it knows no `module-sync` condition), Node loads its .mjs
 * files, so the two declare the same classes twice.
 */
type ValidatedArgs = ConstructorParameters<typeof ExecutorThrowingOnIncremental>[0];

/** What graphql-js' `execute` returns: the result, or a promise of it when a resolver is asynchronous. */
type ExecutionOutcome = ExecutionResult | Promise<ExecutionResult>;

/** Whether `executeOperation` may run `schema`'s operations itself: graphql-js' `execute` refuses @defer and @stream. */
export function executesWithoutAbort(schema: GraphQLSchema): boolean {
  return !schema.getDirective('defer') && !schema.getDirective('stream');
}

/** `execute(args)`, its resolvers' abort signal made only when one asks for it; `args.schema` passed `executesWithoutAbort`. */
export function executeOperation(args: ExecutionArgs): ExecutionOutcome {
  if (executeChannel.hasSubscribers) return execute(args);
  const validated = validateExecutionArgs(args);
  if (!('schema' in validated)) return { errors: validated };
  let resolverAbort: AbortController | undefined;
  const shared = {
    ...createSharedExecutionContext(undefined),
    getAbortSignal: () => (resolverAbort ??= new AbortController()).signal,
  };
  let result: ExecutionOutcome;
  try {
    result = new ExecutorThrowingOnIncremental(
      validated as unknown as ValidatedArgs,
      shared,
    ).executeRootSelectionSet() as ExecutionOutcome;
  } catch (error) {
    // graphql-js aborts its resolvers' signal with the reason it throws (an operation with @defer).
    resolverAbort?.abort(error);
    throw error;
  }
  if (!isThenable(result)) {
    resolverAbort?.abort();
    return result;
  }
  return result.finally(() => resolverAbort?.abort());
}

/** graphql-js' own test (jsutils/isPromise): anything with a `then` method. */
function isThenable(value: ExecutionOutcome): value is Promise<ExecutionResult> {
  return typeof (value as { then?: unknown }).then === 'function';
}
