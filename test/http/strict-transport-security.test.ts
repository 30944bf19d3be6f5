// Strict-Transport-Security (docs/configuration.md#public-urls) through the real service: with an
// https PUBLIC_URL and DATA_PUBLIC_URL every answer carries it (a REST route, an error, POST
// /graphql by the fast lane and through Koa, the data layer); with the default http URLs none does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let https: TestService;
let plain: TestService;

test.before(async () => {
  https = await startTestService({
    PUBLIC_URL: 'https://wealth.example.org',
    DATA_PUBLIC_URL: 'https://data.wealth.example.org',
  });
  plain = await startTestService();
});
test.after(async () => {
  await https?.stop();
  await plain?.stop();
});

const expected = 'max-age=31536000';
const ping = {
  body: { query: '{ ping }' },
  headers: { accept: 'application/graphql-response+json', 'x-api-key': testAdminApiKey },
};

async function answers(service: TestService): Promise<Record<string, string | null>> {
  const data = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":"{ __typename }"}',
  });
  const responses = {
    healthz: await service.request('GET', '/healthz'),
    unknownRoute: await service.request('GET', '/no-such-route'),
    graphqlFastLane: await service.request('POST', '/graphql', ping),
    graphqlKoa: await service.request('POST', '/graphql?via=koa', ping),
  };
  return {
    ...Object.fromEntries(
      Object.entries(responses).map(([name, r]) => [name, r.headers.get('strict-transport-security')]),
    ),
    dataLayer: data.headers.get('strict-transport-security'),
  };
}

test('an https public URL: every answer of both ports carries Strict-Transport-Security for a year', async () => {
  assert.equal(await answers(https), {
    healthz: expected,
    unknownRoute: expected,
    graphqlFastLane: expected,
    graphqlKoa: expected,
    dataLayer: expected,
  });
});

test('an http public URL: no answer carries it', async () => {
  assert.equal(await answers(plain), {
    healthz: null,
    unknownRoute: null,
    graphqlFastLane: null,
    graphqlKoa: null,
    dataLayer: null,
  });
});

test.run();
