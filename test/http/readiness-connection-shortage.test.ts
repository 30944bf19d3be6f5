// Readiness tells the truth about connections (docs/database.md#connection-budget): a node whose
// database answers its ping but refuses it further connections (PostgreSQL's 53300 past
// max_connections, played by the proxy) answers /readyz 503 naming the shortage, so a balancer
// stops sending it traffic it would fail; once connections come again it is ready again, a
// window after the last refusal, without flapping in between.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProxiedTestService, testAdminApiKey } from '../support/test-service.ts';

const { service, proxy } = await startProxiedTestService({ DB_POOL_SIZE: '12' });
const admin = { 'x-api-key': testAdminApiKey };
const dataHeaders = {
  'content-type': 'application/json',
  'x-data-admin-secret': 'test-data-admin-secret-0123456789',
};

test.after(async () => {
  proxy.limitConnections(null);
  await service.stop();
  await proxy.close();
});

async function readiness(): Promise<{ status: number; body: any }> {
  const response = await service.request('GET', '/readyz', { headers: admin });
  return { status: response.status, body: response.json() };
}

/** Twenty data-layer reads at once: more than the pool's open connections, so it opens more. */
async function burst(): Promise<number[]> {
  const requests = Array.from({ length: 20 }, async () => {
    const response = await fetch(`${service.dataUrl}/v1/graphql`, {
      method: 'POST',
      headers: dataHeaders,
      body: JSON.stringify({ query: '{ organization { id digital_wallets { id } } }' }),
    });
    await response.arrayBuffer();
    return response.status;
  });
  return Promise.all(requests);
}

async function eventually(check: () => Promise<boolean>, what: string, seconds = 60): Promise<void> {
  for (let attempt = 0; attempt < seconds * 4; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.unreachable(`${what} within ${seconds} s`);
}

test('refused connections turn readiness 503 while the ping still answers, and 200 again after', async () => {
  assert.is((await readiness()).status, 200);
  proxy.limitConnections(proxy.openConnections);
  let refusedRequests = 0;
  await eventually(async () => {
    refusedRequests += (await burst()).filter((status) => status === 503).length;
    return (await readiness()).status === 503;
  }, 'readiness 503 under refused connections');
  assert.ok(refusedRequests > 0, 'requests beyond the open connections were refused 503');
  const short = await readiness();
  assert.is(short.body.checks.database.status, 'unavailable');
  assert.match(
    short.body.checks.database.message,
    /^short of database connections: in the last 10 s, \d+ refused \(53300\)/,
  );
  proxy.limitConnections(null);
  assert.equal([...new Set(await burst())], [200], 'connections come again');
  await eventually(async () => (await readiness()).status === 200, 'readiness 200 again');
});

test('the refusals are counted in /metrics', async () => {
  const metrics = await service.request('GET', '/metrics', { headers: admin });
  const refused = /^db_pool_checkouts_short_total\{kind="refused"\} (\d+)$/m.exec(metrics.text);
  assert.ok(refused && Number(refused[1]) >= 3, metrics.text.slice(0, 200));
});

test.run();
