// Two nodes of one deployment as an operator runs them (docs/service.md#scale-out): two service
// processes started as `npm start` runs src/main.ts, on one PostgreSQL (through a proxy that can
// refuse connections, test/support/database-proxy.ts) and one Redis, behind a round-robin balancer
// over real TCP (test/support/round-robin-balancer.ts); every request of the test goes through
// the balancer. It shows, in order: the nodes started together migrate and seed the empty
// database once; a cached result and a rate limit are shared by both; a connection limit turns
// readiness 503 and lifting it 200 again; the market-data leader SIGKILLed, the other node's
// subscriber has a fresh SNAPSHOT within the failover bound; a node SIGKILLed under concurrent
// writers retrying with their idempotency keys until answered: every write made once, the row its
// client was answered with.
// It needs Redis at TEST_REDIS_URL (test/support/test-redis.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { redisKeyPrefixes } from '../../src/composition/redis-keys.ts';
import { loadConfig } from '../../src/config/config.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { demoAuditLog } from '../../src/db/seed/demo-audit-log.ts';
import { demoOrganizationIds, demoOrganizations } from '../../src/db/seed/demo-organizations.ts';
import { type ServiceProcess, startServiceProcess } from '../robustness/service-process.ts';
import { type DatabaseProxy, startDatabaseProxy } from '../support/database-proxy.ts';
import { startAmlFake } from '../support/provider-fakes/aml-fake.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import { type Balancer, startBalancer } from '../support/round-robin-balancer.ts';
import { createEmptyTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { redisTest, testRedisUrl } from '../support/test-redis.ts';
import { testAdminApiKey } from '../support/test-service.ts';
import { type BalancedAnswer, balancedAnswer, postJson } from './support/balanced-answer.ts';
import { type BookSubscriber, freshSnapshotsAt, liveBooks, subscribeToBooks } from './support/book-subscriber.ts';
import { nthWrite, sendWrite, type Write, type WriteOutcome } from './support/keyed-writes.ts';

const withRedis = await redisTest('two service processes behind a balancer on one PostgreSQL and one Redis');
const run = `test-many-nodes-${process.pid}-${Date.now()}`;
const aurora = demoOrganizationIds.aurora;
/**
 * A tenth of the default, counted per client address and credential on POST /graphql and,
 * apart, on /v1/graphql. Behind the balancer every request has its address, so the business
 * API's traffic of the whole test must stay below it in any minute (a few hundred requests);
 * the data layer, used by the rate-limit test alone, starts at zero there.
 */
const apiRateLimit = 600;
/** The contract of docs/market-data.md#failover, as test/domain/market-data/leader-failover.test.ts holds it. */
const failoverBoundMs = 1_500;
const dataAdminSecret = 'test-data-admin-secret-0123456789';
/** What every node of one deployment shares (docs/configuration.md): its secrets, database, Redis and limits. */
const deploymentEnv = {
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_PORT: '0',
  SEED: 'demo',
  ADMIN_API_KEY: testAdminApiKey,
  DATA_ADMIN_SECRET: dataAdminSecret,
  SIGNING_KEY_SECRET: 'test-signing-key-secret-0123456789abcdef',
  KYC_DATA_KEYS: `many-nodes:${Buffer.alloc(32, 7).toString('base64')}`,
  KYC_WEBHOOK_SECRET: 'test-kyc-webhook-secret-0123',
  REDIS_URL: testRedisUrl,
  REDIS_PREFIX: `${run}:`,
  API_RATE_LIMIT: String(apiRateLimit),
  VALUE_HISTORY: 'off',
  RECONCILE_INTERVAL_SECONDS: '0',
  PDF_PREWARM: 'false',
};
/** The bootstrap admin key acting for Aurora's wallet administrator (docs/identity.md#acting-user). */
const adminHeaders = { 'x-api-key': testAdminApiKey, 'x-acting-user': 'demo-frank' };
/** The lines a node logs at `info` that say who migrated, seeded and leads the market data. */
const notableLines = /^(migrations applied|demo data loaded|market data relay: this node leads)/;

interface Node {
  readonly name: string;
  readonly process: ServiceProcess;
  readonly dataDir: string;
}

const nodes: Node[] = [];
let database: TestDatabase | undefined;
let proxy: DatabaseProxy | undefined;
let sql: pg.Client | undefined;
let redis: Redis | undefined;
let business: Balancer | undefined;
let dataLayer: Balancer | undefined;
const custodian = withRedis === test ? await startCustodyFake({ seed: 'many-nodes' }) : undefined;
const aml = withRedis === test ? await startAmlFake() : undefined;

test.after(async () => {
  for (const node of nodes) {
    await node.process.stop();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
  await business?.close();
  await dataLayer?.close();
  await sql?.end();
  await proxy?.close();
  await database?.drop();
  await custodian?.close();
  await aml?.close();
  const keys = await redis?.keys(`${run}:*`);
  if (keys?.length) await redis!.del(...keys);
  redis?.disconnect();
});

async function startNode(name: string): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `platform-many-nodes-${name}-`));
  const started = await startServiceProcess(
    { ...deploymentEnv, ...custodian!.env, ...aml!.env, DATABASE_URL: proxy!.url, DATA_DIR: dataDir },
    { keepLines: (line) => notableLines.test(line.msg ?? '') },
  );
  const node = { name, process: started, dataDir };
  nodes.push(node);
  return node;
}

const nodeNamed = (name: string) => nodes.find((node) => node.name === name)!;

const graphql = (query: string, variables?: Record<string, unknown>) =>
  postJson(`${business!.url}/graphql`, { query, variables }, adminHeaders);

const readiness = async () => balancedAnswer(await fetch(`${business!.url}/readyz`, { headers: adminHeaders }));

/** One readiness answer of each node (the balancer alternates them); the last of each when asked more. */
async function readinessOfEach(): Promise<Map<string, BalancedAnswer>> {
  const answers = new Map<string, BalancedAnswer>();
  for (let asked = 0; asked < 4 * nodes.length && answers.size < liveNodes().length; asked += 1) {
    const answer = await readiness();
    answers.set(answer.servedBy, answer);
  }
  return answers;
}

const liveNodes = () => nodes.filter((node) => !killed.has(node.name));
const killed = new Set<string>();

async function eventually(what: string, check: () => Promise<boolean>, seconds = 60): Promise<void> {
  const deadline = performance.now() + seconds * 1_000;
  while (!(await check())) {
    if (performance.now() > deadline) assert.unreachable(`${what} within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

withRedis('two nodes started together on an empty database migrate and seed it once', async () => {
  database = await createEmptyTestDatabase();
  proxy = await startDatabaseProxy(database.url);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await Promise.all([startNode('a'), startNode('b')]);
  business = await startBalancer(() => nodes.map((node) => ({ name: node.name, url: node.process.url })));
  dataLayer = await startBalancer(() => nodes.map((node) => ({ name: node.name, url: node.process.dataUrl })));

  const applied = nodes.map((node) =>
    node.process.logLines.filter((line) => line.msg === 'migrations applied').flatMap((line) => line.migrations),
  );
  assert.equal(applied.flat().sort(), Object.keys(migrations).sort(), 'every migration applied once, by one node');
  const seeders = nodes.filter((node) =>
    node.process.logLines.some((line) => line.msg?.startsWith('demo data loaded')),
  );
  assert.is(seeders.length, 1, 'one node loaded the demo data');
  const count = async (table: string) =>
    Number((await sql!.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  assert.is(await count('schema_migration'), Object.keys(migrations).length);
  assert.is(await count('organization'), demoOrganizations.length);
  assert.is(await count('audit_log'), demoAuditLog.length, 'rows without a natural key were inserted once');
  const ready = await readinessOfEach();
  assert.equal([...ready.keys()].sort(), ['a', 'b']);
  for (const answer of ready.values()) assert.is(answer.status, 200);
});

/** A custodial ETH wallet of Aurora's, made through the balancer. */
async function createWallet(label: string): Promise<number> {
  const answer = await graphql(
    `
      mutation ($input: CreateDigitalWalletInput!) {
        createDigitalWallet(input: $input) {
          success
          errors {
            code
            message
          }
          wallet {
            id
          }
        }
      }
    `,
    { input: { label, type: 'CUSTODIAL', coin: 'ETH', organizationId: aurora, idempotencyKey: `${run}-${label}` } },
  );
  const payload = answer.body?.data?.createDigitalWallet;
  if (!payload?.success) throw new Error(`createDigitalWallet: ${answer.status} ${JSON.stringify(answer.body)}`);
  return payload.wallet.id as number;
}

withRedis(
  'a result cached through one node is served by the other, and a write through either drops it on both',
  async () => {
    const walletId = await createWallet('cache');
    const read = async () => {
      const answer = await graphql(`{ digitalWalletDetailById(id: ${walletId}) { asOf addresses { label } } }`);
      assert.is(answer.status, 200, JSON.stringify(answer.body));
      return {
        servedBy: answer.servedBy,
        ...(answer.body.data.digitalWalletDetailById as { asOf: string; addresses: { label: string }[] }),
      };
    };
    // The nodes' first price refreshes, just after they start, rightly drop results once: read until
    // two reads in a row, one on each node, answer one stored result.
    let first = await read();
    let second = await read();
    for (let tries = 0; second.asOf !== first.asOf && tries < 20; tries += 1) [first, second] = [second, await read()];
    assert.is.not(second.servedBy, first.servedBy, 'the balancer alternates the nodes');
    assert.is(second.asOf, first.asOf, `node ${second.servedBy} served the result node ${first.servedBy} stored`);

    const made = await graphql(
      `
        mutation ($input: CreateDigitalWalletAddressInput!) {
          createDigitalWalletAddress(input: $input) {
            success
            errors {
              code
              message
            }
          }
        }
      `,
      { input: { walletId, label: 'after the cache', idempotencyKey: `${run}-cache-address` } },
    );
    assert.ok(made.body?.data?.createDigitalWalletAddress?.success, JSON.stringify(made.body));
    const after = [await read(), await read()];
    assert.equal(after.map((answer) => answer.servedBy).sort(), ['a', 'b']);
    for (const answer of after) {
      assert.ok(
        answer.addresses.some((address) => address.label === 'after the cache'),
        `node ${answer.servedBy} still serves the result cached before the write through node ${made.servedBy}`,
      );
      assert.is.not(answer.asOf, first.asOf);
    }
  },
);

withRedis('a rate limit is counted once across both nodes', async () => {
  const senders = 6;
  const sent = apiRateLimit + 30;
  const answers: BalancedAnswer[] = [];
  const send = async () => {
    while (answers.length < sent) {
      const headers = { 'x-data-admin-secret': dataAdminSecret };
      answers.push(await postJson(`${dataLayer!.url}/v1/graphql`, { query: '{ __typename }' }, headers));
    }
  };
  await Promise.all(Array.from({ length: senders }, send));
  const tally = Object.entries(Object.groupBy(answers, (a) => `${a.servedBy} ${a.status}`))
    .map(([kind, some]) => `${kind}: ${some!.length}`)
    .join(', ');
  const unexpected = answers.find((answer) => answer.status !== 200 && answer.status !== 429);
  assert.is(unexpected, undefined, `${tally}; ${JSON.stringify(unexpected?.body)}`);
  // Counted per node, all of them would pass. A request's two counts (its address's and its
  // credential's) are checked and spent in one Redis script, and a refused request spends neither
  // (docs/identity.md#rate-limits): exactly the limit passes, however the requests interleave.
  const admitted = answers.filter((answer) => answer.status === 200);
  assert.is(admitted.length, apiRateLimit, `exactly the limit over both nodes (${tally})`);
  for (const status of [200, 429]) {
    const nodesAnswering = new Set(answers.filter((a) => a.status === status).map((a) => a.servedBy));
    assert.equal([...nodesAnswering].sort(), ['a', 'b'], `${status} from both (${tally})`);
  }
});

/** Forty recomputed reads at once, twenty a node: more than a pool of ten holds, so each opens connections. */
async function burst(): Promise<{ answered: number; unavailable: number }> {
  const query = '{ digitalWalletSummaryById(id: 1, refresh: true) { id } }';
  const answers = await Promise.all(Array.from({ length: 40 }, () => graphql(query)));
  const answered = answers.filter((answer) => answer.status === 200 && !answer.body.errors).length;
  const unavailable = answers.filter(
    (answer) =>
      answer.status === 503 ||
      answer.body.errors?.some((error: any) => error.extensions?.code === 'SERVICE_UNAVAILABLE'),
  ).length;
  return { answered, unavailable };
}

withRedis('refused database connections turn both nodes’ readiness 503, and 200 again once lifted', async () => {
  proxy!.limitConnections(proxy!.openConnections);
  try {
    let refused = 0;
    await eventually('readiness 503 on both nodes', async () => {
      refused += (await burst()).unavailable;
      const answers = await readinessOfEach();
      return answers.size === 2 && [...answers.values()].every((answer) => answer.status === 503);
    });
    assert.ok(refused > 0, 'requests beyond the open connections were refused');
    for (const answer of (await readinessOfEach()).values()) {
      assert.is(answer.body.checks.database.status, 'unavailable');
      assert.match(
        answer.body.checks.database.message,
        /^short of database connections: in the last 10 s, \d+ refused \(53300\)/,
      );
    }
  } finally {
    proxy!.limitConnections(null);
  }
  assert.equal(await burst(), { answered: 40, unavailable: 0 }, 'connections come again');
  await eventually('readiness 200 on both nodes', async () => {
    const answers = await readinessOfEach();
    return answers.size === 2 && [...answers.values()].every((answer) => answer.status === 200);
  });
});

const products = ['BTC-USD', 'ETH-USD'];

/** The node whose market-data relay holds the leader lock now (its id is in its "this node leads" line). */
async function marketDataLeader(): Promise<Node | undefined> {
  const holder = await redis!.get(`${redisKeyPrefixes(loadConfig({ REDIS_PREFIX: `${run}:` })).marketData}leader`);
  return liveNodes().find((node) =>
    node.process.logLines.some(
      (line) => line.msg?.startsWith('market data relay: this node leads') && line.node === holder,
    ),
  );
}

withRedis(
  'the market-data leader SIGKILLed: the other node’s subscriber has a fresh SNAPSHOT within the bound',
  async () => {
    const subscribers: BookSubscriber[] = [];
    try {
      // The balancer alternates the nodes: a subscriber on each.
      while (new Set(subscribers.map((s) => s.servedBy)).size < 2 && subscribers.length < 4)
        subscribers.push(await subscribeToBooks(business!.url, testAdminApiKey, products));
      for (const subscriber of subscribers) await liveBooks(subscriber, products, 5);
      let leader: Node | undefined;
      await eventually('a node leads the market data', async () => (leader = await marketDataLeader()) !== undefined);
      const follower = liveNodes().find((node) => node !== leader)!;
      const watching = subscribers.find((s) => s.servedBy === follower.name)!;
      const onLeader = subscribers.find((s) => s.servedBy === leader!.name)!;
      const mark = watching.arrivals.events.length;
      const killedAt = performance.now();
      const exited = leader!.process.kill();
      killed.add(leader!.name);
      const failoverMs = (await freshSnapshotsAt(watching, mark, products)) - killedAt;
      console.log(
        `  failover of two service processes behind the balancer: fresh snapshots ${failoverMs.toFixed(0)} ms after SIGKILL`,
      );
      assert.is(await exited, 'SIGKILL');
      assert.ok(failoverMs <= failoverBoundMs, `fresh snapshots ${failoverMs.toFixed(0)} ms after the leader died`);
      assert.is((await onLeader.socket.closed).code, 1006, 'the dead node’s subscriber is cut off');
      await eventually('the other node leads', async () => (await marketDataLeader()) === follower);
    } finally {
      for (const subscriber of subscribers) subscriber.socket.close();
    }
    // A replacement joins the running deployment: two nodes again for the writers.
    await startNode('c');
  },
);

const writers = 6;
const writesPerWriter = 20;
/** Acknowledged writes before the kill (the first moment after with two writes on the node): most are still to come. */
const killAfter = 40;

/** What a node logs when it records a whitelist addition a killed request left pending at the custodian. */
const adoptedAdditionLine =
  'the custodian holds a pending whitelist addition the platform had not recorded: recorded as pending with its approval';

/** The rows of the writes' wallets, each named by its mark (docs/idempotency.md: what each mutation makes). */
async function writtenRows(wallets: number[]): Promise<(write: Write) => { id: number }[]> {
  const read = async (statement: string) =>
    (await sql!.query(statement, [wallets])).rows as { id: number; mark: string }[];
  const addresses = await read('SELECT id, label AS mark FROM digital_wallet_address WHERE wallet_id = ANY($1)');
  const entries = await read(
    'SELECT id, address AS mark FROM digital_wallet_whitelist_entry WHERE wallet_id = ANY($1)',
  );
  return (write) =>
    (write.operation === 'createDigitalWalletAddress' ? addresses : entries).filter((row) => row.mark === write.mark);
}

/** The idempotency_key rows of each write's key. */
async function claimedKeys(): Promise<(write: Write) => { state: string; result_ref: string | null }[]> {
  const { rows } = await sql!.query(
    'SELECT operation, idempotency_key AS key, state, result_ref FROM idempotency_key WHERE idempotency_key LIKE $1',
    [`${run}-%`],
  );
  return (write) =>
    rows
      .filter((claim) => claim.key === write.key && claim.operation === write.operation)
      .map(({ state, result_ref }) => ({ state, result_ref }));
}

withRedis('a node SIGKILLed under writers retrying with their keys: every write made once, none lost', async () => {
  const wallets: number[] = [];
  for (let writer = 0; writer < writers; writer += 1) wallets.push(await createWallet(`writer ${writer}`));
  const victim = nodeNamed('c');
  let acknowledged = 0;
  let killing: Promise<NodeJS.Signals | null> | undefined;
  const writeAll = async (writer: number): Promise<WriteOutcome[]> => {
    const outcomes: WriteOutcome[] = [];
    for (let index = 0; index < writesPerWriter; index += 1) {
      const serial = `${writer}`.padStart(2, '0') + `${index}`.padStart(6, '0');
      outcomes.push(await sendWrite(graphql, nthWrite(serial, index, wallets[writer]!, run)));
      acknowledged += 1;
      // Killed with writes on it that it has not begun to answer: the kill cuts them off.
      if (!killing && acknowledged >= killAfter && business!.awaitingAnswer(victim.name) >= 2) {
        killing = victim.process.kill();
        killed.add(victim.name);
      }
    }
    return outcomes;
  };
  const outcomes = (await Promise.all(Array.from({ length: writers }, (_, writer) => writeAll(writer)))).flat();
  assert.is(await killing, 'SIGKILL');

  const rowsOf = await writtenRows(wallets);
  const claimsOf = await claimedKeys();
  const retried = outcomes.filter((o) => o.interrupted > 0);
  const waited = outcomes.filter((o) => o.waitedOnClaim > 0);
  const longest = Math.max(...waited.map((o) => o.ms), 0) / 1_000;
  const adopted = nodes
    .flatMap((node) => node.process.logLines)
    .filter((line) => line.msg === adoptedAdditionLine).length;
  console.log(
    `  ${outcomes.length} writes made, ${outcomes.filter((o) => o.servedBy === victim.name).length} by the killed node; ` +
      `${retried.length} cut off by the kill and sent again with their keys; ${waited.length} waited ` +
      `for a killed request's claim to lapse (the longest ${longest.toFixed(1)} s), ` +
      `${adopted} of them a whitelist addition pending at the custodian, adopted`,
  );
  assert.ok(
    outcomes.some((o) => o.servedBy === victim.name),
    'the killed node had answered writes',
  );
  assert.ok(retried.length > 0, 'the kill cut off writes in flight');
  for (const write of outcomes) {
    assert.equal(
      rowsOf(write).map((row) => row.id),
      [write.id],
      `${write.key}: its one row, the one answered`,
    );
    assert.equal(claimsOf(write), [{ state: 'completed', result_ref: String(write.id) }], write.key);
  }
});

test.run();
