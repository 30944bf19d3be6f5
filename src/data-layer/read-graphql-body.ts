// The body of POST /v1/graphql: JSON `{query, variables?, operationName?}`, or a batch, an array of
// them (batched-requests.ts; each element checked the same way, its path `$[i]`), at most 1 MiB,
// uncompressed (a Content-Encoding other than identity is 415, by the rule of the REST routes,
// src/request-headers/content-encoding.ts), read by the one body reader of every front door
// (src/request-envelope/read-body.ts). The query's length and nesting limits
// (docs/data-layer.md#limits) are checked where it is parsed (request/prepared-documents.ts);
// the nesting of `variables` here, before any recursive walk of them (src/graphql-limits/json-nesting.ts).
// `extensions` is never read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonNestingViolation } from '../graphql-limits/json-nesting.ts';
import { closeAfterAnswer, declaredOverLimit, jsonBodyLimitBytes } from '../request-envelope/body-limit.ts';
import { encodedBodyRefusal } from '../request-headers/content-encoding.ts';
import { type BodyLimit, readBody } from '../request-envelope/read-body.ts';
import { batchRequests } from './batched-requests.ts';
import { DataLayerError } from './data-layer-error.ts';
import type { DataRequest } from './data-request.ts';

const tooLargeMessage = `request body is larger than ${jsonBodyLimitBytes} bytes`;

/** Past the limit while it is read: 413, the connection cut. */
const graphqlBodyLimit: BodyLimit = {
  bytes: jsonBodyLimitBytes,
  tooLarge: () => new DataLayerError('PAYLOAD_TOO_LARGE', tooLargeMessage),
  cut: true,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request the body holds (an array: a batch); throws the 400, 413 or 415 the client is
 * answered. `response`: the request's, closed after a 413 of a declared length. At once when the
 * whole body has arrived with the request's head, as a small one does (read-body.ts).
 */
export function readGraphqlBody(
  request: IncomingMessage,
  response: ServerResponse,
): GraphqlBody | Promise<GraphqlBody> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DataLayerError('UNSUPPORTED_MEDIA_TYPE', 'send the GraphQL request as Content-Type: application/json');
  }
  const encoded = encodedBodyRefusal(request.headers['content-encoding']);
  if (encoded) throw new DataLayerError('UNSUPPORTED_MEDIA_TYPE', encoded);
  if (declaredOverLimit(request, jsonBodyLimitBytes) !== undefined) {
    closeAfterAnswer(response);
    throw new DataLayerError('PAYLOAD_TOO_LARGE', tooLargeMessage);
  }
  let raw: Buffer | Promise<Buffer>;
  try {
    raw = readBody(request, graphqlBodyLimit);
  } catch (error) {
    throw unreadable(error);
  }
  return raw instanceof Promise
    ? raw.then(parseGraphqlBody, (error: unknown) => {
        throw unreadable(error);
      })
    : parseGraphqlBody(raw);
}

/** A POST /v1/graphql body: one request, or a batch. */
type GraphqlBody = DataRequest | readonly DataRequest[];

function parseGraphqlBody(raw: Buffer): GraphqlBody {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new DataLayerError('BAD_REQUEST', 'request body is not valid JSON');
  }
  return Array.isArray(body)
    ? batchRequests(body, (element, path) => graphqlRequest(element, path))
    : graphqlRequest(body, '$');
}

/** A body that could not be read is the client's 413 when too large, else not JSON to us. */
function unreadable(error: unknown): DataLayerError {
  return error instanceof DataLayerError ? error : new DataLayerError('BAD_REQUEST', 'request body is not valid JSON');
}

/** One `{query, variables?, operationName?}`; `path` is where it sits in the body (`$`, `$[2]`). */
function graphqlRequest(body: unknown, path: string): DataRequest {
  if (!isObject(body))
    throw new DataLayerError(
      'BAD_REQUEST',
      'request body must be a JSON object {"query", "variables", "operationName"} or an array of them',
      path,
    );
  const { query, variables, operationName } = body;
  if (typeof query !== 'string' || query.trim() === '')
    throw new DataLayerError('BAD_REQUEST', '"query" must be a non-empty string', `${path}.query`);
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    throw new DataLayerError('BAD_REQUEST', '"variables" must be a JSON object', `${path}.variables`);
  }
  const tooDeep = jsonNestingViolation('variables', variables);
  if (tooDeep) throw new DataLayerError('BAD_REQUEST', tooDeep, `${path}.variables`);
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new DataLayerError('BAD_REQUEST', '"operationName" must be a string', `${path}.operationName`);
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}
