// Error answers of POST /graphql as GraphQL responses holding only `errors`,
// `{"errors":[{"message","extensions":{"code"}}]}` with the GraphQL code of errors/error-codes.ts
// (and `retryAfterSeconds` when a retry may succeed, beside the Retry-After header)
// (docs/error-codes.md#where-each-face-puts-the-code): every refusal the router or the transport
// decides before execution (rate limit, API key, body, Accept, document limits), in the
// media type the request accepts, else application/json. The HTTP status stays the code's.
import type { AppError } from '../errors/app-error.ts';
import type { ErrorBodyWriter } from '../http/middleware/error-body.ts';
import { acceptedMediaType } from './accepted-media-type.ts';
import { graphqlErrorExtensions } from './graphql-error-extensions.ts';

export const writeGraphqlErrorBody: ErrorBodyWriter = (ctx, error) => {
  const { contentType, body } = graphqlErrorBody(error, ctx.get('accept'));
  ctx.type = contentType;
  ctx.body = body;
};

/** The error answer's media type and body for a request that sent `accept`; also the fast lane's (graphql-fast-lane.ts). */
export function graphqlErrorBody(error: AppError, accept: string | undefined): { contentType: string; body: string } {
  const details = error.details && error.details.length > 0 ? { details: error.details } : {};
  return {
    contentType: `${acceptedMediaType(accept) ?? 'application/json'}; charset=utf-8`,
    body: JSON.stringify({
      errors: [{ message: error.publicMessage, extensions: { ...graphqlErrorExtensions(error), ...details } }],
    }),
  };
}
