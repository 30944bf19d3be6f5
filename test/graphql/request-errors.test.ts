// How POST /graphql refuses what is not a GraphQL request (openapi.yaml#/paths/~1graphql):
// a body that is not one is 400 BAD_USER_INPUT in a GraphQL response, an Accept admitting
// no GraphQL media type is 406, documents that fail to parse or validate carry
// GRAPHQL_PARSE_FAILED and GRAPHQL_VALIDATION_FAILED; none of these is logged as an error
// (docs/error-codes.md).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';

let api: BusinessApiClient;
const logLines: Record<string, unknown>[] = [];

test.before(async () => {
  api = await startBusinessApi({ logLines });
});
test.after(async () => {
  await api.close();
});

/** POST /graphql with the body as it is: these requests are not GraphQL requests. */
const post = (body: string, headers: Record<string, string> = {}) =>
  api.service.request('POST', '/graphql', {
    body,
    headers: { 'content-type': 'application/json', 'x-api-key': api.adminKey, ...headers },
  });
const errorLogs = () => logLines.filter((line) => typeof line.level === 'number' && line.level >= 50);

test('a body that is not JSON is 400 BAD_USER_INPUT in a GraphQL response, with details', async () => {
  const response = await post('{not json');
  assert.is(response.status, 400);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.json(), {
    errors: [
      {
        message: 'invalid request: body is not JSON: send {"query", "variables", "operationName"}',
        extensions: { code: 'BAD_USER_INPUT', details: [{ path: 'body', message: 'is not JSON' }] },
      },
    ],
  });
  assert.equal(errorLogs(), []);
});

test('JSON without query is 400 BAD_USER_INPUT naming the field, in the accepted media type', async () => {
  const response = await post('{"variables":{}}', { accept: 'application/graphql-response+json' });
  assert.is(response.status, 400);
  assert.is(response.headers.get('content-type'), 'application/graphql-response+json; charset=utf-8');
  assert.equal(response.json(), {
    errors: [
      {
        message: 'invalid request: body.query is required',
        extensions: { code: 'BAD_USER_INPUT', details: [{ path: 'body.query', message: 'is required' }] },
      },
    ],
  });
  assert.equal(errorLogs(), []);
});

test('a body that is not application/json is 415 in a GraphQL response, never an empty answer', async () => {
  for (const [contentType, named] of [
    ['text/plain', 'text/plain'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ]) {
    const response = await post('{"query":"{ ping }"}', { 'content-type': contentType as string });
    assert.is(response.status, 415, contentType);
    assert.equal(response.json(), {
      errors: [
        {
          message: `Unsupported content type ${named}: send the GraphQL request as application/json`,
          extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
        },
      ],
    });
  }
  // graphql-http reads UTF-8 only and refuses other charsets without a body of its own.
  const latin1 = await post('{"query":"{ ping }"}', { 'content-type': 'application/json; charset=latin1' });
  assert.is(latin1.status, 415);
  assert.equal(latin1.json(), {
    errors: [{ message: 'Unsupported Media Type', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }],
  });
  assert.equal(errorLogs(), []);
});

test('a body in another charset, or with no content type, is 415 UNSUPPORTED_MEDIA_TYPE in a GraphQL response', async () => {
  for (const contentType of ['application/json; charset=utf-16', 'application/json; charset=latin1', undefined]) {
    const response = await api.service.request('POST', '/graphql', {
      body: '{"query":"{ ping }"}',
      headers: { 'x-api-key': api.adminKey, ...(contentType ? { 'content-type': contentType } : {}) },
    });
    assert.is(response.status, 415, `${contentType}: ${response.status} ${response.text}`);
    assert.is(response.json().errors[0].extensions.code, 'UNSUPPORTED_MEDIA_TYPE');
  }
  assert.equal(errorLogs(), []);
});

test('Accept: text/html is 406 naming the media types', async () => {
  const response = await post('{"query":"{ ping }"}', { accept: 'text/html' });
  assert.is(response.status, 406);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.json(), {
    errors: [
      {
        message:
          'the request accepts neither application/graphql-response+json nor application/json (its Accept header), so no GraphQL response can be sent',
        extensions: { code: 'NOT_ACCEPTABLE' },
      },
    ],
  });
});

test('parse and validation errors carry GRAPHQL_PARSE_FAILED and GRAPHQL_VALIDATION_FAILED', async () => {
  const accept = { accept: 'application/graphql-response+json' };
  const syntax = await post('{"query":"{ ping "}', accept);
  assert.is(syntax.status, 400);
  assert.equal(syntax.json().errors, [
    {
      message: 'Syntax Error: Expected Name, found <EOF>.',
      locations: [{ line: 1, column: 8 }],
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    },
  ]);
  const unknown = await post('{"query":"{ pong }"}', accept);
  assert.is(unknown.status, 400);
  assert.equal(unknown.json().errors, [
    {
      message: 'Cannot query field "pong" on type "Query". Did you mean "ping"?',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    },
  ]);
  assert.equal(errorLogs(), []);
});

test.run();
