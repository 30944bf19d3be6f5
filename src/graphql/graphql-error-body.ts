// Error answers of POST /graphql as GraphQL responses holding only `errors`,
// `{"errors":[{"message","extensions":{"code"}}]}` with the GraphQL code of errors/error-codes.ts
// (docs/error-codes.md#where-each-face-puts-the-code): every refusal the router or the transport
// decides before graphql-http runs (rate limit, API key, body, Accept, document limits), in the
// media type the request accepts, else application/json. The HTTP status stays the code's.
import type { ErrorBodyWriter } from '../http/middleware/error-body.ts';
import { errorCodes } from '../errors/error-codes.ts';
import { acceptedMediaType } from './accepted-media-type.ts';

export const writeGraphqlErrorBody: ErrorBodyWriter = (ctx, error) => {
  const details = error.details && error.details.length > 0 ? { details: error.details } : {};
  ctx.type = `${acceptedMediaType(ctx.get('accept')) ?? 'application/json'}; charset=utf-8`;
  ctx.body = JSON.stringify({
    errors: [{ message: error.publicMessage, extensions: { code: errorCodes[error.code].graphqlCode, ...details } }],
  });
};
