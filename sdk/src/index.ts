// The package's entry: the client, the generated operations and types, and the runtime helpers
// (docs/sdk.md).
export { type PlatformClient, createPlatformClient } from './platform-client.ts';
export type { ClientOptions, Credential, Credentials } from './runtime/client-options.ts';
export type { RetryOptions } from './runtime/retry-policy.ts';
export type { ReconnectOptions } from './runtime/reconnect-policy.ts';
export type { CallOptions, ParseAs, RestError, RestResult } from './runtime/rest-client.ts';
export type { GraphqlCallOptions, GraphqlClient, GraphqlError, GraphqlResult } from './runtime/graphql-client.ts';
export type { PagedDocument, ResultOf, TypedDocument, VariablesOf } from './runtime/typed-document.ts';
export { type Decimal, type DecimalInput, compareDecimals, decimal } from './runtime/decimal.ts';
export { GraphqlResponseError, NetworkError, UnexpectedResponseError } from './runtime/sdk-errors.ts';
export { type PaginateOptions, paginate } from './runtime/pagination.ts';
export {
  type SubscriptionClientOptions,
  type SubscriptionSink,
  createSubscriptionClient,
  subscribe,
} from './runtime/subscriptions.ts';
export {
  type FollowOrderBooksOptions,
  type OrderBook,
  type OrderBookFeedStatus,
  type OrderBookFollower,
  type OrderBookLevel,
  type OrderBookStatusEvent,
  followOrderBooks,
} from './runtime/order-book.ts';
export * from './generated/graphql-documents.ts';
export type * from './generated/graphql-types.ts';
export type { ErrorCode, ErrorCodesByStatus, GraphqlErrorCode } from './generated/error-codes.ts';
export { type RestOperations, restOperationTable } from './generated/rest-operations.ts';
export type { components, operations, paths } from './generated/rest-types.ts';
export { type DataLayerRole, dataLayerRoles } from './generated/data-layer-roles.ts';
export { type BusinessOperationName, businessOperationRoles } from './generated/business-operation-roles.ts';
