// The client of both APIs: the generated REST operations and the GraphQL documents bound to one
// transport, so credentials, retries and the token refresh are shared (docs/sdk.md).
import { type GraphqlErrorCode } from './generated/error-codes.ts';
import { type RestOperations, restOperationTable, securitySchemes } from './generated/rest-operations.ts';
import type { ClientOptions } from './runtime/client-options.ts';
import { type GraphqlClient, createGraphqlClient } from './runtime/graphql-client.ts';
import { createTransport } from './runtime/http-transport.ts';
import { type RestClient, createRestClient } from './runtime/rest-client.ts';

export interface PlatformClient {
  /** One method per operationId of openapi.yaml. */
  rest: RestClient<RestOperations>;
  /** `request(document, variables)` for the documents of `graphqlOperations`, over `POST /graphql`. */
  graphql: GraphqlClient<GraphqlErrorCode>;
}

export function createPlatformClient(options: ClientOptions): PlatformClient {
  const transport = createTransport(options, securitySchemes);
  return {
    rest: createRestClient<RestOperations>(restOperationTable, transport),
    graphql: createGraphqlClient<GraphqlErrorCode>(transport),
  };
}
