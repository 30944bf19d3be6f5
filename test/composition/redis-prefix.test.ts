// REDIS_PREFIX (docs/configuration.md): two deployments on one Redis with different prefixes
// share no rate limit and no leader lock, while two nodes of one deployment (same prefix) share
// both; every key a deployment writes starts with its prefix.
import { Redis } from 'ioredis';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/config/config.ts';
import { redisKeyPrefixes } from '../../src/composition/redis-keys.ts';
import { redisTest, testRedisUrl } from '../support/test-redis.ts';
import { startTestNode, startTestService, testAdminApiKey, type TestService } from '../support/test-service.ts';

const withRedis = await redisTest('deployments on one Redis kept apart by REDIS_PREFIX');
const run = `test-prefix-${process.pid}-${Date.now()}`;
const staging = `${run}-staging:`;
const production = `${run}-production:`;
const shared = { REDIS_URL: testRedisUrl, API_RATE_LIMIT: '2', MARKET_DATA: 'on' };

let first: TestService;
const nodes: { url: string; stop(): Promise<void> }[] = [];
let redis: Redis;

test.before(async () => {
  if (withRedis !== test) return;
  redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  first = await startTestService({ ...shared, REDIS_PREFIX: staging });
  nodes.push(await startTestNode(first.databaseUrl, { ...shared, REDIS_PREFIX: staging }));
  nodes.push(await startTestNode(first.databaseUrl, { ...shared, REDIS_PREFIX: production }));
});

test.after(async () => {
  for (const node of nodes) await node.stop();
  await first?.stop();
  const keys = await redis?.keys(`${run}-*`);
  if (keys?.length) await redis.del(...keys);
  redis?.disconnect();
});

async function ping(url: string): Promise<number> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': testAdminApiKey },
    body: JSON.stringify({ query: '{ ping }' }),
  });
  await response.arrayBuffer();
  return response.status;
}

withRedis('a rate limit is shared by the nodes of one prefix and not seen by another prefix', async () => {
  const [stagingNode, productionNode] = [nodes[0]!, nodes[1]!];
  assert.equal([await ping(first.url), await ping(first.url)], [200, 200]);
  assert.is(await ping(first.url), 429);
  assert.is(await ping(stagingNode.url), 429, 'the second staging node counts with the first');
  assert.is(await ping(productionNode.url), 200, 'production has counts of its own');
});

withRedis('each prefix has its own market-data leader, and every key starts with its prefix', async () => {
  for (const prefix of [staging, production]) {
    const { marketData } = redisKeyPrefixes(loadConfig({ REDIS_PREFIX: prefix }));
    assert.ok(await waitForKey(`${marketData}leader`), `${prefix} elects a leader of its own`);
  }
  const keys = await redis.keys(`*${run}*`);
  assert.ok(keys.length > 0);
  for (const key of keys) assert.ok(key.startsWith(staging) || key.startsWith(production), key);
});

test('a prefix outside letters, digits and :._- is refused at start', () => {
  assert.throws(() => loadConfig({ REDIS_PREFIX: 'staging prod' }), /REDIS_PREFIX must be 1 to 64 letters/);
});

async function waitForKey(key: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await redis.exists(key)) === 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

test.run();
