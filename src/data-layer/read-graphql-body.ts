// The body of POST /v1/graphql: JSON `{query, variables?, operationName?}`, at most 1 MiB,
// uncompressed (a Content-Encoding other than identity is 415, by the rule of the REST routes,
// src/request-headers/content-encoding.ts). The query's length and nesting limits
// (docs/data-layer.md#limits) are checked where it is parsed (request/prepared-documents.ts);
// the nesting of `variables` here, before any recursive walk of them (src/graphql-limits/json-nesting.ts).
// `extensions` is never read.
import type { IncomingMessage } from 'node:http';
import { jsonNestingViolation } from '../graphql-limits/json-nesting.ts';
import { encodedBodyRefusal } from '../request-headers/content-encoding.ts';
import { DataLayerError } from './data-layer-error.ts';
import type { DataRequest } from './data-request.ts';

export const maxBodyBytes = 1024 * 1024;

/**
 * The body's bytes, read with 'data' events: a stream's async iterator costs an iterator and a
 * promise per chunk on every request of this hot path
 * (docs/benchmarks-log.md#named-prepared-statements-and-a-leaner-shape-2026-11-26). Past
 * the limit the request is destroyed, as leaving an async iterator early does.
 */
function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    return Promise.reject(new DataLayerError('PAYLOAD_TOO_LARGE', `request body is larger than ${maxBodyBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      request.off('data', onData);
      request.destroy();
      reject(new DataLayerError('PAYLOAD_TOO_LARGE', `request body is larger than ${maxBodyBytes} bytes`));
    };
    request.on('data', onData);
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    request.once('error', reject);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readGraphqlBody(request: IncomingMessage): Promise<DataRequest> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DataLayerError('UNSUPPORTED_MEDIA_TYPE', 'send the GraphQL request as Content-Type: application/json');
  }
  const encoded = encodedBodyRefusal(request.headers['content-encoding']);
  if (encoded) throw new DataLayerError('UNSUPPORTED_MEDIA_TYPE', encoded);
  let body: unknown;
  try {
    body = JSON.parse((await readBody(request)).toString('utf8'));
  } catch (error) {
    if (error instanceof DataLayerError) throw error;
    throw new DataLayerError('BAD_REQUEST', 'request body is not valid JSON');
  }
  if (!isObject(body))
    throw new DataLayerError(
      'BAD_REQUEST',
      'request body must be a JSON object {"query", "variables", "operationName"}',
    );
  const { query, variables, operationName } = body;
  if (typeof query !== 'string' || query.trim() === '')
    throw new DataLayerError('BAD_REQUEST', '"query" must be a non-empty string', '$.query');
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    throw new DataLayerError('BAD_REQUEST', '"variables" must be a JSON object', '$.variables');
  }
  const tooDeep = jsonNestingViolation('variables', variables);
  if (tooDeep) throw new DataLayerError('BAD_REQUEST', tooDeep, '$.variables');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new DataLayerError('BAD_REQUEST', '"operationName" must be a string', '$.operationName');
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}
