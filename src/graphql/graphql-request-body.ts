// The body of POST /graphql read and checked before anything runs (docs/requests.md#post-graphql):
// at most the JSON body limit, JSON, within the document limits, `variables` and `extensions`
// within the nesting limit of JSON values (checked before any recursive walk), a GraphQL request by
// openapi.yaml#/components/schemas/GraphqlRequest. Shared by the Koa route (graphql-transport.ts)
// and the fast lane (graphql-fast-lane.ts), so both refuse the same bodies the same way; the bytes
// come from the one body reader of every front door (src/request-envelope/read-body.ts).
import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';
import { graphqlValuesViolation } from '../graphql-limits/json-nesting.ts';
import { validateJsonBody } from '../http/validate-request.ts';
import { jsonBodyLimitBytes } from '../request-envelope/body-limit.ts';
import { type BodyLimit, readBody } from '../request-envelope/read-body.ts';
import type { GraphqlRequest } from './graphql-answer.ts';

/**
 * The router and the fast lane refuse a declared Content-Length over the limit before reading;
 * a body longer than it all the same is 413, the request destroyed (as an async iteration left
 * early did).
 */
const graphqlBodyLimit: BodyLimit = {
  bytes: jsonBodyLimitBytes,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `GraphQL request body exceeds ${jsonBodyLimitBytes} bytes`),
  cut: true,
};

/** The request the body holds; throws the 400 (or 413) the client is answered. */
export async function readGraphqlRequest(stream: Readable): Promise<GraphqlRequest> {
  const request = graphqlRequestOf(await readBody(stream, graphqlBodyLimit));
  const overLimit = documentLimitViolation(
    typeof request.query === 'string' ? request.query : '',
    businessDocumentLimits,
  );
  if (overLimit) throw new AppError('BAD_REQUEST', overLimit);
  const tooDeep = graphqlValuesViolation(request);
  if (tooDeep) throw new AppError('BAD_REQUEST', tooDeep);
  // openapi.yaml#/paths/~1graphql: a body that is not a GraphQL request is 400 VALIDATION_FAILED (BAD_USER_INPUT).
  validateJsonBody('postGraphql', request);
  return request as unknown as GraphqlRequest;
}

/**
 * graphql-http's content-type rule: the parameter after the media type, if any, must be
 * `charset=utf-8` (spaces and case aside).
 */
export function utf8Json(contentType: string): boolean {
  const [, charset = 'charset=utf-8'] = contentType.replace(/\s/g, '').toLowerCase().split(';');
  return charset === 'charset=utf-8';
}

/** The JSON body; text that is not JSON is the client's error (400 VALIDATION_FAILED), never an internal one. */
function graphqlRequestOf(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'invalid request: body is not JSON: send {"query", "variables", "operationName"}',
      {
        details: [{ path: 'body', message: 'is not JSON' }],
      },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    validateJsonBody('postGraphql', parsed);
    throw new AppError('VALIDATION_FAILED', 'invalid request: body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
