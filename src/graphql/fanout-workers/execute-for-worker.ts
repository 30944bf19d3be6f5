// A query or mutation sent on a socket a fan-out worker serves, run in the service's process,
// where the domain is (docs/market-data.md#fan-out): as graphql-ws would run it here, for the
// caller the socket authority holds, its errors formatted (masked) here, where their causes are,
// and turned into plain objects for the channel.
import { type FormattedExecutionResult, type GraphQLSchema, execute } from 'graphql';
import type { Logger } from 'pino';
import type { DocumentCache } from '../document-cache.ts';
import { formatGraphqlError } from '../format-graphql-error.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import { withRequestCode } from '../request-error-code.ts';
import type { AuthorizedCaller, SocketOperationText } from '../socket-authority.ts';

export function executorForWorkers(schema: GraphQLSchema, documents: DocumentCache, logger: Logger) {
  return async (
    caller: AuthorizedCaller,
    operation: SocketOperationText,
    requestId: string,
  ): Promise<FormattedExecutionResult> => {
    const contextValue: GraphqlContext = {
      requestId,
      logger,
      principal: caller.principal,
      ...(caller.actingUser !== undefined && { actingUser: caller.actingUser }),
    };
    const result = await execute({
      schema,
      document: documents.parse(operation.query),
      operationName: operation.operationName,
      variableValues: operation.variables,
      contextValue,
    });
    if (!result.errors) return result as FormattedExecutionResult;
    return {
      ...result,
      errors: result.errors.map((error) => withRequestCode(formatGraphqlError(error, logger)).toJSON()),
    };
  };
}
