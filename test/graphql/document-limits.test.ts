// Documents over the length or nesting limits (src/graphql-limits/document-limits.ts) through the
// real service: refused with a 400 GraphQL response naming the limit on POST /graphql and on the
// data layer's /v1/graphql, before graphql-js' recursive parser sees them, and nothing is logged
// as an error (docs/error-codes.md, docs/data-layer.md#limits).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole, postGraphql } from '../data-layer/data-layer-client.ts';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';

let api: BusinessApiClient;
const logLines: Record<string, unknown>[] = [];

test.before(async () => {
  api = await startBusinessApi({ logLines });
});
test.after(async () => {
  await api.close();
});

// The campaign's document: 2,500 levels, about 7.5 KB, which overflowed the parser's stack.
const deep = `{ ${'a { '.repeat(2_500)}b${' }'.repeat(2_500)} }`;
const depthMessage = 'the GraphQL document nests deeper than 100 levels of {, ( and [; at most 100 are accepted';

const errorLogs = () => logLines.filter((line) => typeof line.level === 'number' && line.level >= 50);

test('a document nested 2,500 levels deep is a 400 on /graphql in either media type, not logged', async () => {
  for (const accept of ['application/graphql-response+json', 'application/json']) {
    const response = await api.graphql(deep, undefined, { key: api.adminKey, headers: { accept } });
    assert.is(response.status, 400);
    assert.is(response.headers.get('content-type'), `${accept}; charset=utf-8`);
    assert.equal(response.body, { errors: [{ message: depthMessage, extensions: { code: 'BAD_REQUEST' } }] });
  }
  assert.equal(errorLogs(), []);
});

test('a document of more than 100,000 characters is a 400 on /graphql naming the limit', async () => {
  const response = await api.graphql(`{ ping }${' '.repeat(100_000)}`, undefined, {
    key: api.adminKey,
    headers: { accept: 'application/graphql-response+json' },
  });
  assert.is(response.status, 400);
  assert.equal(response.body, {
    errors: [
      {
        message: 'the GraphQL document has 100008 characters; at most 100000 are accepted',
        extensions: { code: 'BAD_REQUEST' },
      },
    ],
  });
});

test('brackets in comments do not count toward the depth', async () => {
  const response = await api.graphql(`# ${'{'.repeat(5_000)}\n{ ping }`, undefined, {
    key: api.adminKey,
    headers: { accept: 'application/graphql-response+json' },
  });
  assert.is(response.status, 200);
  assert.equal(response.body, { data: { ping: 'pong' } });
});

test('a document nested 2,500 levels deep is a 400 on /v1/graphql for a signed-in role, not logged', async () => {
  const response = await postGraphql(api.service, deep, { headers: asRole('user', { 'x-data-user-id': 'demo-judy' }) });
  assert.is(response.status, 400);
  assert.equal(response.body, {
    errors: [{ message: depthMessage, extensions: { code: 'BAD_REQUEST', path: '$.query' } }],
  });
  assert.equal(errorLogs(), []);
});

test('a document of more than 200,000 characters is a 400 on /v1/graphql naming the limit', async () => {
  const response = await postGraphql(api.service, `{ invoice { id } }${' '.repeat(200_000)}`, {
    headers: asRole(null),
  });
  assert.is(response.status, 400);
  assert.equal(response.body, {
    errors: [
      {
        message: 'the GraphQL document has 200018 characters; at most 200000 are accepted',
        extensions: { code: 'BAD_REQUEST', path: '$.query' },
      },
    ],
  });
});

test.run();
