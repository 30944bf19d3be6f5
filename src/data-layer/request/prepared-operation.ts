// An operation prepared for reuse (docs/data-layer.md#how-a-request-runs): its table root
// fields compiled by src/records/data-layer-sql (one SQL statement each, and the session
// variables their rules read), and what GraphQL answers itself: `__typename`, and the
// introspection fields as a document of their own. The response splices each statement's
// JSON in untouched.
import type { DocumentNode, FieldNode, OperationDefinitionNode } from 'graphql';
import type { CompiledOperation, DataQueryExecutor } from '../../records/data-layer-sql/data-query-executor.ts';
import { queryRootName } from '../schema/build-role-schema.ts';
import { mutationRootName } from '../schema/mutation-types.ts';
import type { RootEntry } from './build-operation-plan.ts';
import { introspectionDocument } from './introspection-document.ts';

/** A response key, answered by its SQL statement (in order), by `__typename`, or by introspection. */
interface ResponseEntry {
  readonly kind: 'sql' | 'typename' | 'introspection';
  readonly alias: string;
  /** `"alias":`, written once here rather than on every response. */
  readonly key: string;
}

export interface PreparedOperation {
  readonly entries: readonly ResponseEntry[];
  readonly introspection: DocumentNode | null;
  readonly sql: CompiledOperation;
}

export function prepareOperation(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  entries: readonly RootEntry[],
  role: string,
  queries: DataQueryExecutor,
): PreparedOperation {
  const introspectionFields: FieldNode[] = entries.flatMap((entry) =>
    entry.kind === 'introspection' ? [...entry.nodes] : [],
  );
  const rootFields = entries.flatMap((entry) => (entry.kind === 'table' ? [entry.plan] : []));
  return {
    entries: entries.map((entry) => ({
      kind: entry.kind === 'table' ? 'sql' : entry.kind,
      alias: entry.alias,
      key: `${JSON.stringify(entry.alias)}:`,
    })),
    introspection:
      introspectionFields.length > 0 ? introspectionDocument(document, operation, introspectionFields) : null,
    sql: queries.compileOperation(role, { mutation: operation.operation === 'mutation', rootFields }),
  };
}

/** `{"data":{…}}` in the operation's key order from the statements' JSON text and the introspection result. */
export function responseJson(
  prepared: PreparedOperation,
  statementJson: readonly string[],
  introspected: Readonly<Record<string, unknown>>,
): string {
  const rootName = prepared.sql.mutation ? mutationRootName : queryRootName;
  let next = 0;
  let body = '{"data":{';
  const { entries } = prepared;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (index > 0) body += ',';
    body += entry.key + entryValue(entry, rootName, statementJson[next], introspected);
    if (entry.kind === 'sql') next += 1;
  }
  return `${body}}}`;
}

function entryValue(
  entry: ResponseEntry,
  rootName: string,
  statementJson: string | undefined,
  introspected: Readonly<Record<string, unknown>>,
): string | undefined {
  switch (entry.kind) {
    case 'sql':
      return statementJson;
    case 'typename':
      return `"${rootName}"`;
    case 'introspection':
      return JSON.stringify(introspected[entry.alias] ?? null);
  }
}
