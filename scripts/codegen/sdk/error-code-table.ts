// The service's one error table (src/errors/error-codes.ts, docs/error-codes.md) as the SDK needs
// it: the codes each HTTP status carries, and the GraphQL `extensions.code`s. The table must list
// exactly openapi.yaml's `ErrorCode` enum (test/errors/error-codes-doc.test.ts keeps them equal;
// the generator refuses to run on a drift rather than type errors wrongly).
import { errorCodes } from '../../../src/errors/error-codes.ts';
import type { OpenApiDocument } from '../openapi/openapi-document.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';

/** GraphQL codes of documents that fail to parse or validate (docs/requests.md#post-graphql); no REST code maps to them. */
const documentCodes = ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED'];

export interface ErrorCodeTable {
  codesOfStatus(status: number): string[];
  graphqlCodes: string[];
}

export function errorCodeTable(document: OpenApiDocument): ErrorCodeTable {
  const specified = (document.components?.schemas?.ErrorCode?.enum ?? []) as string[];
  const table = Object.keys(errorCodes);
  if (specified.join() !== table.join()) {
    throw new Error(
      `openapi.yaml ErrorCode (${specified.join(', ')}) differs from src/errors/error-codes.ts (${table.join(', ')})`,
    );
  }
  const entries = Object.entries(errorCodes);
  return {
    codesOfStatus: (status) => entries.filter(([, entry]) => entry.httpStatus === status).map(([code]) => code),
    graphqlCodes: [...new Set([...entries.map(([, entry]) => entry.graphqlCode), ...documentCodes])],
  };
}

export function renderErrorCodes(table: ErrorCodeTable, document: OpenApiDocument): GeneratedFile {
  const codes = (document.components?.schemas?.ErrorCode?.enum ?? []) as string[];
  const statuses = [...new Set(Object.values(errorCodes).map((entry) => entry.httpStatus))];
  const lines = [
    tsBanner('scripts/codegen/sdk', 'openapi.yaml and src/errors/error-codes.ts'),
    '// Error codes of both faces (docs/error-codes.md).',
    '',
    '/** `code` of a REST error body (openapi.yaml `ErrorCode`). */',
    `export type ErrorCode = ${codes.map((code) => `'${code}'`).join(' | ')};`,
    '',
    '/** The codes each HTTP status carries. */',
    'export interface ErrorCodesByStatus {',
    ...statuses.map(
      (status) =>
        `  ${status}: ${table
          .codesOfStatus(status)
          .map((code) => `'${code}'`)
          .join(' | ')};`,
    ),
    '}',
    '',
    '/** `extensions.code` of a business GraphQL error. */',
    `export type GraphqlErrorCode = ${table.graphqlCodes.map((code) => `'${code}'`).join(' | ')};`,
    '',
  ];
  return { path: 'sdk/src/generated/error-codes.ts', contents: lines.join('\n') };
}
