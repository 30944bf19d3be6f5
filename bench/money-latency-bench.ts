// `npm run bench -- money` (docs/benchmarks.md#money-operations-benchmoney-latency-benchts): what the journal adds to a custody
// send and an OTC trade as a client sees it. Two services run side by side, each its own process
// started by `npm start` on the embedded default with the demo data: this checkout, and the last
// commit before any money moved on the journal (LEDGER_BASELINE, checked out into a temporary git
// worktree beside this one), with rate limits off and logs at warn, nothing else changed. Through
// real HTTP with an organization key (Aurora's, owned by demo-alice, its organization_admin, made by `npm run admin -- api-keys
// create` in each checkout), rounds alternate between the two so the machine's load falls on both
// alike: `bitgoSendTransaction` of a few satoshi from the demo BTC wallet to its approved whitelist
// address, `requestOtcQuote` (BUY 0.01 BTC with USD) and `requestOtcTrade` of that quote. Reports
// p50 and p90 per operation and service and the added p50. `BENCH_ROUNDS` (10) × `BENCH_BATCH` (10)
// calls of each; `BENCH_BASELINE=off` measures this checkout alone.
import { type ChildProcess, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoOrganizationIds } from '../src/db/seed/demo-organizations.ts';
import { freePort } from '../test/support/free-port.ts';
import { benchServiceEnvironment, changedSettings, createApiKey, dataAdminSecret } from './npm-start-service.ts';
import { spawnNpmStart, stopGroup, untilReady } from './service-process.ts';

/** The commit before migration 0012: sends, trades and dealing moved no balance yet. */
const LEDGER_BASELINE = 'ccf858f';
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const batch = Number(process.env.BENCH_BATCH ?? 10);
const repo = path.resolve(import.meta.dirname, '..');
/** The demo's Aurora BTC wallet (src/db/seed/demo-wallets.ts) and the person who sends and trades. */
const walletId = 1;
const trader = 'demo-alice';

interface RunningService {
  label: string;
  checkout: string;
  url: string;
  dataUrl: string;
  key: string;
  /** The approved whitelist address of the demo wallet: sends may go there only. */
  destination: string;
  child: ChildProcess;
  dataDir: string;
}

type Operation = 'send' | 'quote' | 'trade';
const operations: Operation[] = ['send', 'quote', 'trade'];

async function startIn(checkout: string, label: string): Promise<RunningService> {
  const [port, dataPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-money-'));
  const env = { ...benchServiceEnvironment(dataDir, { port, dataPort }), ...changedSettings, LOG_LEVEL: 'warn' };
  const child = spawnNpmStart(checkout, env, 'inherit');
  await untilReady(child, `http://127.0.0.1:${port}/readyz`);
  const service = {
    label,
    checkout,
    url: `http://127.0.0.1:${port}`,
    dataUrl: `http://127.0.0.1:${dataPort}`,
    child,
    dataDir,
  };
  const key = createKey(checkout, env);
  await approveKyc(service.dataUrl);
  return { ...service, key, destination: await whitelistedAddress(service.dataUrl) };
}

/** An organization key made by the checkout's own operator command, as an operator makes one. */
function createKey(checkout: string, env: Record<string, string>): string {
  const scopes = ['read', 'custody', 'trading'].flatMap((scope) => ['--scope', scope]);
  return createApiKey(checkout, env, 'money bench', [
    '--kind',
    'service',
    '--organization',
    demoOrganizationIds.aurora,
    '--owner',
    trader,
    ...scopes,
  ]);
}

async function dataLayer(dataUrl: string, query: string): Promise<any> {
  const response = await fetch(`${dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-data-admin-secret': dataAdminSecret },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  if (!body.data) throw new Error(`data layer: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Trades need the acting user's KYC completed GREEN (docs/trading.md); before the journal they did not. */
async function approveKyc(dataUrl: string): Promise<void> {
  await dataLayer(
    dataUrl,
    `mutation { update_kyc_profile(where: { user_id: { _eq: "${trader}" } },
       _set: { review_status: "completed", review_answer: "GREEN" }) { affected_rows } }`,
  );
}

async function whitelistedAddress(dataUrl: string): Promise<string> {
  const data = await dataLayer(
    dataUrl,
    `{ digital_wallet_whitelist_entry(where: { wallet_id: { _eq: ${walletId} }, status: { _eq: "approved" } }, limit: 1) { address } }`,
  );
  const address = data.digital_wallet_whitelist_entry[0]?.address;
  if (!address) throw new Error(`demo wallet ${walletId} has no approved whitelist address`);
  return address;
}

async function graphql(service: RunningService, query: string, input: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.key },
    body: JSON.stringify({ query, variables: { input } }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown };
  const payload = body.data && Object.values(body.data)[0];
  if (!payload?.success) throw new Error(`${service.label}: ${JSON.stringify(body)}`);
  return payload;
}

const documents = {
  send: `mutation ($input: BitgoSendTransactionInput!) { bitgoSendTransaction(input: $input) { success errors { code message } outcome } }`,
  quote: `mutation ($input: RequestOtcQuoteInput!) { requestOtcQuote(input: $input) { success errors { code message } quote { id } } }`,
  trade: `mutation ($input: RequestOtcTradeInput!) { requestOtcTrade(input: $input) { success errors { code message } trade { id status } } }`,
};

type Latencies = Record<Operation, number[]>;

async function timed<T>(into: number[], call: () => Promise<T>): Promise<T> {
  const begun = performance.now();
  const result = await call();
  into.push(performance.now() - begun);
  return result;
}

/** One batch of each operation on one service, one call at a time (latency, not throughput). */
async function measureBatch(service: RunningService, into: Latencies, outcomes: Set<string>): Promise<void> {
  for (let n = 0; n < batch; n += 1) {
    const sent = await timed(into.send, () =>
      graphql(service, documents.send, { walletId, address: service.destination, amount: '1000' }),
    );
    outcomes.add(`${service.label} send: ${sent.outcome}`);
  }
  for (let n = 0; n < batch; n += 1) {
    const quoteInput = { fromCurrency: 'USD', toCurrency: 'BTC', side: 'BUY', size: 0.01 };
    const { quote } = await timed(into.quote, () => graphql(service, documents.quote, quoteInput));
    const traded = await timed(into.trade, () => graphql(service, documents.trade, { quoteId: quote.id }));
    outcomes.add(`${service.label} trade: ${traded.trade.status}`);
  }
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;

/** A checkout of the baseline commit in a temporary worktree, sharing this checkout's packages. */
function baselineCheckout(): { dir: string; remove(): void } | string {
  if (process.env.BENCH_BASELINE === 'off') return 'BENCH_BASELINE=off';
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  if (git('cat-file', '-e', `${LEDGER_BASELINE}^{commit}`).status !== 0)
    return `commit ${LEDGER_BASELINE} is not in this clone (a shallow clone?)`;
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-bench-baseline-'));
  // Run as root, the embedded PostgreSQL runs its programs as another user, who must reach them.
  chmodSync(dir, 0o755);
  const added = git('worktree', 'add', '--detach', dir, LEDGER_BASELINE);
  if (added.status !== 0) return `git worktree add failed: ${added.stderr.trim()}`;
  // Hard links: the baseline has the same package-lock.json, and a symbolic link would make Node
  // resolve packages from this checkout's path.
  if (existsSync(path.join(repo, 'node_modules')))
    execFileSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(dir, 'node_modules')]);
  return {
    dir,
    remove: () => {
      git('worktree', 'remove', '--force', dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const baseline = baselineCheckout();
const services: RunningService[] = [];
const latencies = new Map<RunningService, Latencies>();
const outcomes = new Set<string>();
try {
  services.push(await startIn(repo, 'this checkout'));
  if (typeof baseline !== 'string') services.push(await startIn(baseline.dir, `before (${LEDGER_BASELINE})`));
  for (const service of services) latencies.set(service, { send: [], quote: [], trade: [] });
  // Warm-up: JIT, pools and plans on both before any figure counts.
  for (const service of services) await measureBatch(service, { send: [], quote: [], trade: [] }, outcomes);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? services : [...services].reverse();
    for (const service of order) await measureBatch(service, latencies.get(service)!, outcomes);
  }
  report();
} finally {
  for (const service of services) {
    await stopGroup(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
  if (typeof baseline !== 'string') baseline.remove();
}

function report(): void {
  console.log(`\nMoney operations, one call at a time through HTTP (${rounds} rounds × ${batch} calls, alternating)\n`);
  if (typeof baseline === 'string') console.log(`before: not run (${baseline})\n`);
  console.log('| operation | service | p50 | p90 | added p50 |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  const [now, before] = services.map((service) => latencies.get(service)!);
  for (const operation of operations)
    for (const [index, service] of services.entries()) {
      const values = latencies.get(service)![operation];
      const added =
        index === 0 && before
          ? `${(quantile(now![operation], 0.5) - quantile(before[operation], 0.5)).toFixed(2)} ms`
          : '';
      console.log(
        `| ${operation} | ${service.label} | ${quantile(values, 0.5).toFixed(2)} ms | ${quantile(values, 0.9).toFixed(2)} ms | ${added} |`,
      );
    }
  console.log(`\noutcomes: ${[...outcomes].sort().join('; ')}`);
}
