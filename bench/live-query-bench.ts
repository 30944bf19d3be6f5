// `npm run bench -- live-query` (docs/benchmarks.md#live-queries-benchlive-query-benchts): the data
// layer's multiplexed live queries (docs/data-layer.md#multiplexing) under 10,000 subscribers:
// 100 organizations × 100 organization_admin subscribers of their organization's digital_wallet
// rows, held by one worker thread over 200 sockets (2 per organization, 50 subscriptions each).
// The service runs as `npm start` runs it, a process of its own on the embedded PostgreSQL (or
// BENCH_DATABASE_URL), default configuration but API_RATE_LIMIT=0, LOG_LEVEL=silent and
// WS_MAX_SOCKETS_PER_ADDRESS=200. One wallet changes per second (a label UPDATE in plain SQL on a
// connection of the bench, rotating through the organizations). Reports statements per refresh
// (data_live_query_statements_total / data_live_query_refreshes_total, docs/metrics.md#live-queries),
// change-to-delivery p50/p99/max, deliveries missing or sent to anyone else, the service's CPU and
// RSS, PostgreSQL's CPU for the service's connections, and the bench process' own CPU.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadLocalSecrets } from '../src/config/local-secrets.ts';
import { findFreePort } from '../src/db/free-port.ts';
import { addSyntheticWallets, removeSyntheticWallets } from './data-layer-dataset.ts';
import type { LiveSubscriberPlan, LiveSubscriberReport } from './live-query-subscribers.ts';
import { backendMicrosPerRequest, startBackendCpuMeter } from './postgres-backend-cpu.ts';
import { spawnNpmStart, stopGroup, untilReady } from './service-process.ts';

const organizations = Number(process.env.BENCH_ORGANIZATIONS ?? 100);
const subscribersPerOrganization = Number(process.env.BENCH_SUBSCRIBERS_PER_ORGANIZATION ?? 100);
const socketsPerOrganization = Number(process.env.BENCH_SOCKETS_PER_ORGANIZATION ?? 2);
const walletsPerOrganization = Number(process.env.BENCH_WALLETS_PER_ORGANIZATION ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 5);
/** After the last change, how long a delivery may still arrive and count. */
const graceMs = 3_000;
const externalUrl = process.env.BENCH_DATABASE_URL;
const dataAdminSecret = 'bench-live-data-admin-secret-0123456789ab';
/** The service's pool (src/db/create-database.ts' default application_name). */
const serviceApplicationName = 'wealth-platform';
const query = 'subscription OwnWallets { digital_wallet(order_by: {id: asc}) { id label coin usd_value } }';
const repo = path.resolve(import.meta.dirname, '..');
/**
 * First as a change arrives (data_changed at its commit), then with the bench's UPDATEs firing no
 * trigger, so only the interval refresh finds them: the bound when a notification is lost.
 * BENCH_SCENARIOS=2 runs the second only.
 */
const allScenarios = [
  { name: 'data_changed notification', notified: true },
  { name: 'interval only (no notification)', notified: false },
];
const chosen = process.env.BENCH_SCENARIOS?.split(',').map(Number);
const scenarios = chosen ? allScenarios.filter((_, index) => chosen.includes(index + 1)) : allScenarios;

const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-live-'));
const [port, dataPort] = [await findFreePort(), await findFreePort()];
const embeddedPort = externalUrl ? 0 : await findFreePort();
// Written before the service starts, so the embedded server's password is known here too.
const embeddedPassword = loadLocalSecrets(dataDir).secrets.embeddedPostgresPassword;
const databaseUrl =
  externalUrl ?? `postgres://postgres:${encodeURIComponent(embeddedPassword)}@127.0.0.1:${embeddedPort}/postgres`;
if (externalUrl) await removeSyntheticWallets(externalUrl);
const changes: { at: number; organization: string }[] = [];
const child = spawnNpmStart(
  repo,
  {
    // The embedded server on a port chosen here, so the bench can write to it; an external one gets the demo data too.
    ...(externalUrl ? { DATABASE_URL: externalUrl, SEED: 'demo' } : { EMBEDDED_POSTGRES_PORT: String(embeddedPort) }),
    DATA_DIR: dataDir,
    PORT: String(port),
    DATA_PORT: String(dataPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_PUBLIC_URL: `http://127.0.0.1:${dataPort}`,
    DATA_ADMIN_SECRET: dataAdminSecret,
    // 10,000 subscribe messages from one address: the per-address request limit off.
    API_RATE_LIMIT: '0',
    // 200 sockets from one address (default 100); per credential (200) and per socket (50) fit as they are.
    WS_MAX_SOCKETS_PER_ADDRESS: String(organizations * socketsPerOrganization),
    LOG_LEVEL: 'silent',
  },
  'inherit',
);
let sql: pg.Client | undefined;
let worker: Worker | undefined;
try {
  await untilReady(child, `http://127.0.0.1:${port}/readyz`);
  const servicePid = servicePidOf(child.pid!);
  sql = new pg.Client({ connectionString: databaseUrl, application_name: 'live-query-bench' });
  await sql.connect();
  const dataset = await addSyntheticWallets(databaseUrl, {
    organizations,
    wallets: organizations * walletsPerOrganization,
  });
  const targets = await changedWallets(sql);
  // The service's CPU with no subscriber, once its start-up work (first compilations, the
  // order-book feed's first snapshots) has settled: what it spends anyway.
  await sleep(5_000);
  const idleCpu = await serviceCpuOver(servicePid, 5_000);

  const plan: LiveSubscriberPlan = {
    url: `ws://127.0.0.1:${dataPort}/v1/graphql`,
    adminSecret: dataAdminSecret,
    sockets: targets.flatMap(({ organization }) => Array.from({ length: socketsPerOrganization }, () => organization)),
    subscriptionsPerSocket: subscribersPerOrganization / socketsPerOrganization,
    query,
  };
  const connectStarted = Date.now();
  worker = new Worker(new URL('./live-query-subscribers.ts', import.meta.url), { workerData: plan });
  const ask = <T>(command?: string) =>
    new Promise<T>((resolve, reject) => {
      worker!.once('message', resolve);
      worker!.once('error', reject);
      if (command) worker!.postMessage(command);
    });
  const connected = await ask<{ ready: number; failures: number; firstFailure?: string }>();
  const connectSeconds = (Date.now() - connectStarted) / 1_000;
  if (connected.failures > 0)
    throw new Error(`${connected.failures} sockets could not subscribe: ${connected.firstFailure}`);
  const subscribers = connected.ready * plan.subscriptionsPerSocket;

  let next = 0;
  const change = async () => {
    const target = targets[next % targets.length]!;
    next += 1;
    const sequence = next;
    const at = Date.now();
    await sql!.query('UPDATE digital_wallet SET label = $1 WHERE id = $2', [
      `bench-wallet-live-${sequence}`,
      target.wallet,
    ]);
    changes[sequence] = { at, organization: target.organization };
  };
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(
    `${externalUrl ? 'external PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL'}; ${dataset.organizations} organizations, ${dataset.wallets} wallets; ` +
      `${subscribers.toLocaleString('en')} subscribers over ${connected.ready} sockets (subscribed in ${connectSeconds.toFixed(1)} s); ` +
      `one change a second, ${seconds} s measured after ${warmupSeconds} s of warm-up; service CPU without subscribers ${percent(idleCpu)}; ` +
      `load average ${load.join(' ')} (${navigator.hardwareConcurrency} CPUs)`,
  );
  console.log(
    '| refresh after a change | refreshes | statements per refresh | delivery p50 | p99 | max | delivered | missing | to others | failures | service CPU | service RSS | PostgreSQL CPU per refresh | bench CPU |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const scenario of scenarios) {
    // Statement triggers do not fire under `replica` (superuser only): no data_changed, so
    // only the DATA_LIVE_QUERY_INTERVAL_MS refresh finds the change (docs/data-layer.md#refresh).
    await sql.query(`SET session_replication_role = ${scenario.notified ? 'origin' : 'replica'}`);
    // Each change at a random moment of its second: a fixed phase against the refresh interval
    // would measure one point of it.
    const ticking = setInterval(() => setTimeout(() => void change(), Math.random() * 900), 1_000);
    await sleep(warmupSeconds * 1_000);
    worker.postMessage('reset');
    const firstMeasured = next + 1;
    const metricsBefore = await liveQueryMetrics(port);
    const meter = await startBackendCpuMeter(databaseUrl);
    const backendBefore = await meter.read(serviceApplicationName);
    const cpuBefore = cpuSeconds(servicePid);
    const benchBefore = process.cpuUsage();
    let rss = 0;
    for (let second = 0; second < seconds; second += 1) {
      await sleep(1_000);
      rss = Math.max(rss, residentBytes(servicePid));
    }
    clearInterval(ticking);
    const serviceCpu = (cpuSeconds(servicePid) - cpuBefore) / seconds;
    const benchUsed = process.cpuUsage(benchBefore);
    // The last second's change is at most 0.9 s away.
    await sleep(1_000);
    const lastMeasured = next;
    const backendAfter = await meter.read(serviceApplicationName);
    const metricsAfter = await liveQueryMetrics(port);
    await meter.close();
    await sleep(graceMs);
    const report = await ask<LiveSubscriberReport>('report');

    const refreshes = metricsAfter.refreshes - metricsBefore.refreshes;
    const statements = metricsAfter.statements - metricsBefore.statements;
    const measuredChanges = lastMeasured - firstMeasured + 1;
    const outcome = judgeDeliveries(report, firstMeasured, lastMeasured);
    const postgresMsPerRefresh = backendMicrosPerRequest(backendBefore, backendAfter, refreshes) / 1_000;
    console.log(
      `| ${scenario.name} | ${refreshes} | ${(statements / Math.max(1, refreshes)).toFixed(2)} | ${outcome.p50} ms | ${outcome.p99} ms | ${outcome.max} ms | ` +
        `${outcome.delivered} of ${measuredChanges * subscribersPerOrganization} | ${outcome.missing} | ${outcome.misdirected + report.spurious} | ${report.failures} | ` +
        `${percent(serviceCpu)} | ${Math.round(rss / 1024 / 1024)} MB | ` +
        `${postgresMsPerRefresh.toFixed(1)} ms | ${percent((benchUsed.user + benchUsed.system) / 1e6 / seconds)} |`,
    );
    if (report.firstFailure) console.log(`first failure: ${report.firstFailure}`);
  }
} finally {
  if (worker) {
    worker.postMessage('close');
    await new Promise((resolve) => worker!.once('exit', resolve));
  }
  if (externalUrl) await removeSyntheticWallets(externalUrl).catch(() => {});
  await sql?.end();
  await stopGroup(child);
  rmSync(dataDir, { recursive: true, force: true });
}

/** One synthetic wallet per organization (the lowest id), which the changes rotate through. */
async function changedWallets(client: pg.Client): Promise<{ organization: string; wallet: number }[]> {
  const { rows } = await client.query<{ organization: string; wallet: number }>(
    `SELECT organization_id AS organization, min(id) AS wallet FROM digital_wallet
     WHERE label LIKE 'bench-wallet-%' GROUP BY organization_id ORDER BY organization_id`,
  );
  if (rows.length !== organizations)
    throw new Error(`expected ${organizations} organizations with wallets, got ${rows.length}`);
  return rows;
}

/**
 * Latency of each measured change's deliveries (from just before its UPDATE was sent, so the
 * commit is inside), the deliveries missing (each change is owed one per subscriber of its
 * organization) and those whose organization is not the changed one.
 */
function judgeDeliveries(report: LiveSubscriberReport, first: number, last: number) {
  const latencies: number[] = [];
  let misdirected = 0;
  for (const [sequence, organization, receivedAt] of report.deliveries) {
    const change = changes[sequence];
    if (!change || sequence < first || sequence > last) continue;
    if (change.organization !== organization) misdirected += 1;
    else latencies.push(receivedAt - change.at);
  }
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * share) - 1)] ?? NaN;
  return {
    delivered: latencies.length,
    missing: (last - first + 1) * subscribersPerOrganization - latencies.length,
    misdirected,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

async function liveQueryMetrics(servicePort: number): Promise<{ refreshes: number; statements: number }> {
  const text = await (await fetch(`http://127.0.0.1:${servicePort}/metrics`)).text();
  const read = (name: string) => {
    const value = new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1];
    if (value === undefined) throw new Error(`no ${name} in /metrics`);
    return Number(value);
  };
  return { refreshes: read('data_live_query_refreshes_total'), statements: read('data_live_query_statements_total') };
}

/** The service's own process below npm: the node running scripts/start-from-bundle.js. */
function servicePidOf(groupLeader: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const group = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
      const [program, ...args] = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      // In npm's process group (field 5); node itself, not the shell npm runs it through.
      if (group === groupLeader && program!.endsWith('node') && args.some((arg) => arg.includes('start-from-bundle')))
        return Number(entry);
    } catch {
      // The process ended while /proc was read.
    }
  }
  throw new Error(`no service process in the process group of ${groupLeader}`);
}

/** User plus system CPU time of a process, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function serviceCpuOver(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  await sleep(ms);
  return (cpuSeconds(pid) - before) / (ms / 1_000);
}

function residentBytes(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
