// The body of POST /graphql read and checked before anything runs (docs/requests.md#post-graphql):
// at most the JSON body limit, JSON, within the document limits, `variables` and `extensions`
// within the nesting limit of JSON values (checked before any recursive walk), a GraphQL request by
// openapi.yaml#/components/schemas/GraphqlRequest. Shared by the Koa route (graphql-transport.ts)
// and the fast lane (graphql-fast-lane.ts), so both refuse the same bodies the same way.
import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';
import { graphqlValuesViolation } from '../graphql-limits/json-nesting.ts';
import { jsonBodyLimitBytes } from '../http/refuse-oversized-body.ts';
import { validateJsonBody } from '../http/validate-request.ts';
import type { GraphqlRequest } from './graphql-answer.ts';

// The router and the fast lane refuse a declared Content-Length over this limit before reading.
const maxBodyBytes = jsonBodyLimitBytes;

/** The request the body holds; throws the 400 (or 413) the client is answered. */
export async function readGraphqlRequest(stream: Readable): Promise<GraphqlRequest> {
  const request = graphqlRequestOf(await readBody(stream));
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

/**
 * The request body, at most maxBodyBytes: beyond, whatever Content-Length said, 413 and the
 * request stream destroyed (as an async iteration left early did).
 */
function readBody(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBodyBytes) {
        stop();
        stream.destroy();
        reject(new AppError('PAYLOAD_TOO_LARGE', `GraphQL request body exceeds ${maxBodyBytes} bytes`));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
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
