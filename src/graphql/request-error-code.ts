// The code of a request error (docs/error-codes.md#where-each-face-puts-the-code), on both faces
// of the business API: POST /graphql (graphql-answer.ts) and subscriptions over graphql-ws
// (subscription-server.ts).
import { GraphQLError } from 'graphql';

/**
 * A request error of an executed operation (a variable that fails coercion: `Variable "$id" has
 * invalid value`) has no path, no cause but graphql-js' own error and no code: it is the client's input,
 * BAD_USER_INPUT (docs/error-codes.md#where-each-face-puts-the-code). Errors with a code keep it.
 */
export function withRequestCode(error: GraphQLError): GraphQLError {
  const cause = error.originalError;
  if (error.path !== undefined || (cause && !(cause instanceof GraphQLError)) || error.extensions.code !== undefined)
    return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}
