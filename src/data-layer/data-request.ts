// What a client sends to POST /v1/graphql once the body is read: the GraphQL document, its
// variables and the operation to run (docs/data-layer.md).
export interface DataRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly operationName: string | null;
}
