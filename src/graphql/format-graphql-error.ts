// Unexpected resolver errors are masked (graphql-yoga's default); errors the service raised on
// purpose keep their message and code (docs/error-codes.md#where-each-face-puts-the-code).
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.ts';
import { maskedMessage } from '../errors/error-codes.ts';
import { graphqlErrorExtensions } from './graphql-error-extensions.ts';

export function formatGraphqlError(thrown: Readonly<Error | GraphQLError>, logger: Logger): GraphQLError {
  const error =
    thrown instanceof GraphQLError ? thrown : new GraphQLError(thrown.message, { originalError: thrown as Error });
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return error;
  if (original instanceof AppError) {
    return new GraphQLError(original.publicMessage, {
      nodes: error.nodes,
      positions: error.positions,
      path: error.path,
      extensions: graphqlErrorExtensions(original),
    });
  }
  logger.error({ err: original, path: error.path }, 'unexpected GraphQL resolver error');
  return new GraphQLError(maskedMessage, {
    nodes: error.nodes,
    positions: error.positions,
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}
