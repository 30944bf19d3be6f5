// POST /graphql on the Koa app (docs/requests.md#post-graphql): the router has already counted the
// request against its rate limit and authenticated the caller (X-API-Key per openapi.yaml); this
// checks the media types, reads the body (graphql-request-body.ts) and answers it
// (graphql-answer.ts). Most requests never reach it: the fast lane in front of Koa serves the
// ordinary ones by the same steps (graphql-fast-lane.ts). A document over the length or nesting
// limits is refused with a 400 GraphQL response before it is parsed, whatever the accepted media
// type (docs/error-codes.md, src/graphql-limits/document-limits.ts). Every refusal, from the
// router's on, is written as a GraphQL response by graphql-error-body.ts.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.ts';
import type { HttpState } from '../http/koa-state.ts';
import type { Transport } from '../http/router.ts';
import { acceptedMediaType } from './accepted-media-type.ts';
import type { GraphqlAnswerer } from './graphql-answer.ts';
import { writeGraphqlErrorBody } from './graphql-error-body.ts';
import { readGraphqlRequest, utf8Json } from './graphql-request-body.ts';
import { RequestGraphqlContext } from './request-graphql-context.ts';

export function graphqlTransport(answer: GraphqlAnswerer, logger: Logger): Transport {
  const serve: Middleware<HttpState> = async (ctx) => {
    const mediaType = acceptedMediaType(ctx.get('accept'));
    if (mediaType === null) throw new AppError('NOT_ACCEPTABLE', notAcceptableMessage);
    if (ctx.request.type !== 'application/json')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported content type ${ctx.get('content-type').slice(0, 64) || 'none'}: send the GraphQL request as application/json`,
      );
    const request = await readGraphqlRequest(ctx.req);
    // graphql-http's rule, kept: a JSON body in a charset other than UTF-8 is 415.
    if (!utf8Json(ctx.get('content-type'))) throw bodilessRefusal(415, 'Unsupported Media Type');
    const { requestId, principal } = ctx.state;
    const context = new RequestGraphqlContext(requestId, principal, ctx.get('x-acting-user') || undefined, logger);
    const result = await answer(request, context, mediaType, { ip: ctx.ip, credential: ctx.get('x-api-key') });
    ctx.status = result.status;
    ctx.set('content-type', result.contentType);
    ctx.body = result.body;
  };
  return { serve, writeErrorBody: writeGraphqlErrorBody };
}

/**
 * A refusal with a status and no body of its own (a charset other than UTF-8: 415); an error
 * with that status lets handle-errors.ts answer it with a GraphQL error body (Koa would turn a
 * null body into 204).
 */
function bodilessRefusal(status: number, statusText: string): Error {
  return Object.assign(new Error(statusText), { status, expose: true });
}

const notAcceptableMessage =
  'the request accepts neither application/graphql-response+json nor application/json (its Accept header), so no GraphQL response can be sent';
