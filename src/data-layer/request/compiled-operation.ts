// A planned operation compiled for reuse: one SQL statement per table root field (src/access
// compiles it), `__typename`, and the introspection fields as a document of their own; then run
// with a request's session values and variables, the statements' JSON spliced into the response.
// The compiled operation records the session variables its statements' rules reference, so a
// cached one still knows what a request must carry; those are checked before any statement
// runs (docs/data-layer.md#authentication).
import { execute, type DocumentNode, type FieldNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { CompiledRootField, DataQueryExecutor } from '../../access/data-query/data-query-executor.ts';
import type { SessionValues } from '../../access/interpolate-session-variables.ts';
import type { DataCaller } from '../auth/data-caller.ts';
import { requireSessionValues, type SessionVariableUse } from '../auth/session-variables.ts';
import { DataLayerErrors } from '../data-layer-error.ts';
import type { RootEntry } from './build-operation-plan.ts';
import type { DataRequest } from './execute-data-request.ts';
import { queryRootName } from '../schema/build-role-schema.ts';
import { mutationRootName } from '../schema/mutation-types.ts';
import { introspectionDocument } from './introspection-document.ts';
import { dataLayerMessage } from './validation-messages.ts';

type CompiledEntry =
  | { readonly kind: 'sql'; readonly alias: string; readonly statement: CompiledRootField }
  | { readonly kind: 'typename'; readonly alias: string }
  | { readonly kind: 'introspection'; readonly alias: string };

export interface CompiledOperation {
  /** A mutation's statements run in order in one transaction; a query's concurrently. */
  readonly mutation: boolean;
  readonly entries: readonly CompiledEntry[];
  readonly introspection: DocumentNode | null;
  /** The session variables the rules of its statements reference, with the root fields that use each. */
  readonly sessionVariables: readonly SessionVariableUse[];
}

interface RunContext {
  readonly schema: GraphQLSchema;
  readonly caller: DataCaller;
  readonly request: DataRequest;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly queries: DataQueryExecutor;
}

export function compileOperation(
  document: DocumentNode, operation: OperationDefinitionNode, entries: readonly RootEntry[], role: string, queries: DataQueryExecutor,
): CompiledOperation {
  const introspectionFields: FieldNode[] = entries.flatMap((entry) => (entry.kind === 'introspection' ? [...entry.nodes] : []));
  const compiled = entries.map((entry): CompiledEntry => {
    if (entry.kind === 'table') return { kind: 'sql', alias: entry.alias, statement: queries.compile(role, entry.plan) };
    return { kind: entry.kind, alias: entry.alias };
  });
  return {
    mutation: operation.operation === 'mutation',
    entries: compiled,
    introspection: introspectionFields.length > 0 ? introspectionDocument(document, operation, introspectionFields) : null,
    sessionVariables: sessionVariableUses(compiled),
  };
}

function sessionVariableUses(entries: readonly CompiledEntry[]): SessionVariableUse[] {
  const uses = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.kind !== 'sql') continue;
    for (const name of entry.statement.sessionVariables) uses.set(name, [...(uses.get(name) ?? []), entry.alias]);
  }
  return [...uses].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, rootFields]) => ({ name, rootFields }));
}

export async function runOperation(compiled: CompiledOperation, context: RunContext): Promise<string> {
  const session = requireSessionValues(context.caller, compiled.sessionVariables);
  if (compiled.mutation) return runMutation(compiled, context, session);
  const introspected = compiled.introspection ? await introspect(context.schema, compiled.introspection, context.request) : {};
  const values = await Promise.all(compiled.entries.map(async (entry) => {
    switch (entry.kind) {
      case 'sql': return context.queries.run(entry.statement, { session, variables: context.variables });
      case 'typename': return `"${queryRootName}"`;
      case 'introspection': return JSON.stringify(introspected[entry.alias] ?? null);
    }
  }));
  return `{"data":{${compiled.entries.map((entry, index) => `${JSON.stringify(entry.alias)}:${values[index]}`).join(',')}}}`;
}

/** Every root field's statement in order in one transaction (Hasura's semantics, issue 4). */
async function runMutation(compiled: CompiledOperation, context: RunContext, session: SessionValues): Promise<string> {
  const statements = compiled.entries.flatMap((entry) => (entry.kind === 'sql' ? [entry.statement] : []));
  const values = await context.queries.runMutation(statements, { session, variables: context.variables });
  let next = 0;
  const json = compiled.entries.map((entry) => (entry.kind === 'sql' ? values[next++] : `"${mutationRootName}"`));
  return `{"data":{${compiled.entries.map((entry, index) => `${JSON.stringify(entry.alias)}:${json[index]}`).join(',')}}}`;
}

async function introspect(schema: GraphQLSchema, document: DocumentNode, request: DataRequest): Promise<Record<string, unknown>> {
  const result = await execute({ schema, document, variableValues: request.variables ?? {}, operationName: request.operationName ?? undefined });
  if (result.errors && result.errors.length > 0) {
    throw new DataLayerErrors(result.errors.map((error) => ({ message: dataLayerMessage(error.message), code: 'VALIDATION_FAILED', path: '$' })));
  }
  return (result.data ?? {}) as Record<string, unknown>;
}
