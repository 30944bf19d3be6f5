// JSON values nested past the limit (src/graphql-limits/json-nesting.ts) in a GraphQL request's
// `variables` or `extensions`, through the real service: a 400 naming the field and the limit on
// POST /graphql (the fast lane and the Koa route) and on the data layer's /v1/graphql, before any
// recursive walk of the value (docs/requests.md#json-nesting, docs/data-layer.md#limits), and
// nothing logged as an error.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole } from '../data-layer/data-layer-client.ts';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';

let api: BusinessApiClient;
const logLines: Record<string, unknown>[] = [];

test.before(async () => {
  api = await startBusinessApi({ logLines });
});
test.after(async () => {
  await api.close();
});

/** An array nested `depth` levels deep as JSON text, `[[[…]]]`: JSON.stringify itself overflows on 12,000 levels. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const errorLogs = () => logLines.filter((line) => typeof line.level === 'number' && line.level >= 50);

// The campaign's body: 12,000 levels, which overflowed the stack of the unstorable-text walk.
for (const field of ['variables', 'extensions'] as const) {
  // A query string sends the request past the fast lane to the Koa route (graphql-fast-lane.ts).
  for (const path of ['/graphql', '/graphql?via=koa']) {
    test(`${field} nested 12,000 levels deep is a 400 on POST ${path}, not logged`, async () => {
      const response = await api.service.request('POST', path, {
        body: `{"query":"{ ping }","${field}":{"deep":${deepArray(12_000)}}}`,
        headers: {
          accept: 'application/graphql-response+json',
          'content-type': 'application/json',
          'x-api-key': api.adminKey,
        },
      });
      assert.is(response.status, 400);
      assert.equal(response.json(), {
        errors: [
          {
            message: `the JSON of ${field} is nested deeper than 100 levels of arrays and objects; at most 100 are accepted`,
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      assert.equal(errorLogs(), []);
    });
  }
}

test('variables nested 100 levels deep (the limit) are still accepted on POST /graphql', async () => {
  const response = await api.graphql(
    '{ ping }',
    { deep: JSON.parse(deepArray(99)) },
    { key: api.adminKey, headers: { accept: 'application/graphql-response+json' } },
  );
  assert.is(response.status, 200);
  assert.equal(response.body, { data: { ping: 'pong' } });
});

test('a jsonb variable nested 12,000 levels deep is a 400 on /v1/graphql, not logged', async () => {
  const query = 'query ($v: jsonb) { aml_report(where: { exposures: { _eq: $v } }) { id } }';
  const response = await fetch(`${api.service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...asRole('admin') },
    body: `{"query":${JSON.stringify(query)},"variables":{"v":${deepArray(12_000)}}}`,
  });
  assert.is(response.status, 400);
  assert.equal(await response.json(), {
    errors: [
      {
        message:
          'the JSON of variables is nested deeper than 100 levels of arrays and objects; at most 100 are accepted',
        extensions: { code: 'BAD_REQUEST', path: '$.variables' },
      },
    ],
  });
  assert.equal(errorLogs(), []);
});

test.run();
