// The application metrics of docs/metrics.md through real HTTP: a request shows up in the
// metrics of its server (api or data) with its route template and status class, and the pool,
// PDF queue, cache, rate-limit and GraphQL metrics count what the requests did.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  // A limit of 2 lets the third /auth/session of this file be refused.
  service = await startTestService({ AUTH_RATE_LIMIT: '2' });
});
test.after(async () => {
  await service.stop();
});

async function metricsText(): Promise<string> {
  const response = await service.request('GET', '/metrics');
  assert.is(response.status, 200);
  return response.text;
}

/** The value of one series, named with its labels exactly as the exposition writes them. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const graphql = (query: string) =>
  service.request('POST', '/graphql', { headers: { 'x-api-key': testAdminApiKey }, body: { query } });

test('an api request is counted under server="api" with its route template and status class', async () => {
  await service.request('GET', '/invoices/7');
  await service.request('GET', '/invoices/8');
  const text = await metricsText();
  assert.is(
    sample(text, 'http_requests_total{server="api",method="GET",route="/invoices/{invoiceId}",status_class="4xx"}'),
    2,
  );
  assert.is(
    sample(
      text,
      'http_request_duration_seconds_count{server="api",method="GET",route="/invoices/{invoiceId}",status_class="4xx"}',
    ),
    2,
  );
});

test('a data-layer request is counted under server="data"; an unknown path is `unmatched`', async () => {
  assert.is((await fetch(`${service.dataUrl}/healthz`)).status, 200);
  const refused = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  assert.is(refused.status, 401);
  assert.is((await fetch(`${service.dataUrl}/secret-token-abc/x?token=1`)).status, 404);
  const text = await metricsText();
  assert.is(sample(text, 'http_requests_total{server="data",method="GET",route="/healthz",status_class="2xx"}'), 1);
  assert.is(sample(text, 'http_requests_total{server="data",method="POST",route="/v1/graphql",status_class="4xx"}'), 1);
  assert.is(sample(text, 'http_requests_total{server="data",method="GET",route="unmatched",status_class="4xx"}'), 1);
  assert.not.match(text, /secret-token-abc/);
});

test('GraphQL operations are counted by root field and outcome; anything else is `other`', async () => {
  assert.is((await graphql('{ ping }')).status, 200);
  assert.is((await graphql('query ClientChosenName { ping }')).status, 200);
  assert.is((await graphql('{ a: ping b: ping }')).status, 200);
  await graphql('{ noSuchField }');
  const text = await metricsText();
  assert.is(sample(text, 'graphql_operations_total{operation="ping",outcome="ok"}'), 2);
  assert.is(sample(text, 'graphql_operations_total{operation="other",outcome="ok"}'), 1);
  assert.is(sample(text, 'graphql_operations_total{operation="other",outcome="error"}'), 1);
  assert.not.match(text, /ClientChosenName|noSuchField/);
});

test('the asset image cache counts a miss, then a hit, and the bytes it holds', async () => {
  const before = await metricsText();
  assert.is(sample(before, 'cache_misses_total{cache="asset_images"}'), 0);
  assert.is(sample(before, 'cache_hits_total{cache="asset_images"}'), 0);
  const first = await service.request('GET', '/coins/btc/icon');
  assert.is(first.status, 200);
  assert.is((await service.request('GET', '/coins/btc/icon')).status, 200);
  const text = await metricsText();
  assert.is(sample(text, 'cache_misses_total{cache="asset_images"}'), 1);
  assert.is(sample(text, 'cache_hits_total{cache="asset_images"}'), 1);
  assert.is(sample(text, 'cache_entries{cache="asset_images"}'), 1);
  assert.is(sample(text, 'cache_bytes{cache="asset_images"}'), Buffer.byteLength(first.text));
});

test('a rate-limit refusal is counted by limit name', async () => {
  const statuses = [];
  for (let attempt = 1; attempt <= 3; attempt += 1)
    statuses.push((await service.request('GET', '/auth/session')).status);
  assert.equal(statuses, [401, 401, 429]);
  assert.is(sample(await metricsText(), 'rate_limit_rejections_total{limit="auth"}'), 1);
});

test('the database pool and the PDF queue are read at scrape time', async () => {
  const text = await metricsText();
  const idle = sample(text, 'db_pool_connections{state="idle"}');
  const inUse = sample(text, 'db_pool_connections{state="in_use"}');
  assert.ok(idle !== undefined && idle >= 1, `idle connections: ${idle}`);
  assert.is(inUse, 0);
  assert.is(sample(text, 'db_pool_waiting_queries'), 0);
  assert.is(sample(text, 'pdf_render_queue_depth{state="rendering"}'), 0);
  assert.is(sample(text, 'pdf_render_queue_depth{state="waiting"}'), 0);
});

test.run();
