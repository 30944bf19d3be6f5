// `npm run bench -- order-book` (docs/benchmarks.md#order-book-fan-out): the orderBookUpdates
// fan-out over loopback. The simulator feed runs in this process at 10 updates per second per
// product over 20 products; the service runs as `npm start` runs it, in a child process of its own
// (so its CPU time and resident memory are its alone), following the simulator at MARKET_DATA_URL;
// the subscribers run in a worker thread. For each FANOUT_WORKERS of BENCH_FANOUT_WORKERS (default
// 1 and 2) a service is started and pinned with taskset to cores of its own where the machine has
// enough, the load generator (this process) to the others (docs/benchmarks.md#order-book-fan-out).
// Scenarios: 1,000 and 10,000 subscribers each following one product; 10,000 of which 10 % never
// read; 1,100 of which 100 follow every product and never read. Each reports delivery latency
// p50/p99 (simulator event to receipt), messages per second, the CPU and RSS of the service's
// processes (its own and its fan-out workers') and messages per second per core of that CPU, the
// events slow subscribers skipped, and the load average.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createMarketDataSimulator } from '../src/providers/market-data/market-data-simulator.ts';
import { serveMarketData } from '../src/providers/market-data/market-data-simulator-server.ts';
import { type ServiceProcess, descendantsOf, startServiceProcess } from '../test/robustness/service-process.ts';
import type { SubscriberPlan, SubscriberStats } from './order-book-subscribers.ts';

const productCount = 20;
const updatesPerSecond = Number(process.env.BENCH_UPDATES_PER_SECOND ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupMs = Number(process.env.BENCH_WARMUP ?? 3_000);
const apiKey = 'bench-order-book-admin-key-0000000000';
const bases = ['BTC', 'ETH', 'SOL', 'USDC', 'AVAX', 'DOT', 'ADA', 'XRP', 'LTC', 'LINK'];
const products = Array.from(
  { length: productCount },
  (_, index) => `${bases[index % 10]}-${index < 10 ? 'USD' : 'EUR'}`,
);

interface Scenario {
  readonly name: string;
  readonly subscribers: number;
  /** Every how many subscribers one is slow (never reads after its first message); 0: none. */
  readonly slowEvery: number;
  /** Slow subscribers follow every product (more backlog, sooner) rather than one. */
  readonly slowFollowAll: boolean;
}

const allScenarios: Scenario[] = [
  { name: '1,000 subscribers', subscribers: 1_000, slowEvery: 0, slowFollowAll: false },
  { name: '10,000 subscribers', subscribers: 10_000, slowEvery: 0, slowFollowAll: false },
  { name: '10,000 subscribers, 10 % slow', subscribers: 10_000, slowEvery: 10, slowFollowAll: false },
  { name: '1,100 subscribers, 100 stuck on every product', subscribers: 1_100, slowEvery: 11, slowFollowAll: true },
];
/** BENCH_SCENARIOS=2,3 runs the second and third only. */
const chosen = process.env.BENCH_SCENARIOS?.split(',').map(Number);
const scenarios = chosen ? allScenarios.filter((_, index) => chosen.includes(index + 1)) : allScenarios;
/** BENCH_FANOUT_WORKERS=1,2,4: the FANOUT_WORKERS of each service run. */
const workerCounts = (process.env.BENCH_FANOUT_WORKERS ?? '1,2').split(',').map(Number);
const cores = availableParallelism();

// The bench drives the simulator itself: no updates while subscribers connect, then each product
// at its rate, the products' timers spread over the interval.
const feed = await serveMarketData(createMarketDataSimulator({ productIds: products }), { updatesPerSecond: 0 });
let driving: NodeJS.Timeout[] = [];
function driveFeed(on: boolean): void {
  for (const timer of driving) clearInterval(timer);
  driving = [];
  if (!on) return;
  const interval = 1_000 / updatesPerSecond;
  products.forEach((productId, index) => {
    setTimeout(
      () => driving.push(setInterval(() => feed.emit([productId]), interval)),
      (index * interval) / productCount,
    );
  });
}
console.log(
  `feed: ${productCount} products at ${updatesPerSecond} updates/s each; ${seconds} s per scenario; ${cores} cores`,
);
console.log(
  '| workers | scenario | fast p50 | fast p99 | slow p99 | messages/s | service CPU | messages/s per core | service RSS | skipped | sequence errors | load average |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
try {
  for (const workers of workerCounts) await runService(workers);
} finally {
  await feed.close();
}

/** One service with FANOUT_WORKERS=`workers`, pinned, through every scenario. */
async function runService(workers: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-order-book-'));
  const service = await startServiceProcess({
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: apiKey,
    MARKET_DATA_URL: feed.url,
    MARKET_DATA_PRODUCTS: products.join(','),
    FANOUT_WORKERS: String(workers),
    API_RATE_LIMIT: '0',
    // 10,000 subscribers from one address with one key: the socket caps (docs/identity.md#sockets) off.
    WS_MAX_SOCKETS_PER_ADDRESS: '0',
    WS_MAX_SOCKETS_PER_KEY: '0',
    GRAPHQL_COST_RATE_LIMIT: '0',
    PDF_PREWARM: 'false',
  });
  try {
    console.error(`FANOUT_WORKERS=${workers}: ${pin(service, workers)}`);
    for (const scenario of scenarios) console.log(await run(scenario, service, workers));
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The service's node processes: its own and its fan-out workers (not the embedded PostgreSQL). */
function serviceProcesses(service: ServiceProcess): number[] {
  const workers = descendantsOf(service.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('fanout-worker-main');
    } catch {
      return false;
    }
  });
  return [service.pid, ...workers];
}

/**
 * Pins the service's processes to the last `workers` cores and this process (the feed and the
 * subscribers) to the rest, when the machine has more cores than workers; BENCH_SERVICE_CPUS and
 * BENCH_LOAD_CPUS (taskset lists) choose otherwise. Says what it did.
 */
function pin(service: ServiceProcess, workers: number): string {
  const serviceCpus =
    process.env.BENCH_SERVICE_CPUS ?? (cores > workers ? `${cores - workers}-${cores - 1}` : undefined);
  const loadCpus = process.env.BENCH_LOAD_CPUS ?? (cores > workers ? `0-${cores - workers - 1}` : undefined);
  if (!serviceCpus || !loadCpus) {
    // An earlier run may have pinned this process.
    execFileSync('taskset', ['-a', '-c', '-p', `0-${cores - 1}`, String(process.pid)]);
    return `not pinned: ${workers} workers and the load generator share all ${cores} cores`;
  }
  try {
    for (const pid of serviceProcesses(service)) execFileSync('taskset', ['-a', '-c', '-p', serviceCpus, String(pid)]);
    execFileSync('taskset', ['-a', '-c', '-p', loadCpus, String(process.pid)]);
  } catch (error) {
    return `not pinned (taskset: ${(error as Error).message.split('\n')[0]})`;
  }
  return `service (${serviceProcesses(service).length} processes) on cores ${serviceCpus}, load generator on ${loadCpus}`;
}

async function run(scenario: Scenario, service: ServiceProcess, workers: number): Promise<string> {
  const { slowEvery } = scenario;
  const slow = Array.from({ length: scenario.subscribers }, (_, index) => slowEvery > 0 && index % slowEvery === 0);
  const plan: SubscriberPlan = {
    url: `${service.url.replace('http', 'ws')}/graphql`,
    apiKey,
    subscriptions: slow.map((isSlow, index) =>
      isSlow && scenario.slowFollowAll ? products : [products[index % productCount]!],
    ),
    slow,
  };
  const worker = new Worker(new URL('./order-book-subscribers.ts', import.meta.url), { workerData: plan });
  const ask = <T>(command: string) =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      if (command) worker.postMessage(command);
    });
  const connected = await ask<{ ready: number; failures: number; firstFailure?: string }>('');
  if (connected.failures > 0)
    console.log(`${scenario.name}: ${connected.failures} subscribers could not connect (${connected.firstFailure})`);
  driveFeed(true);
  await sleep(warmupMs);
  worker.postMessage('reset');
  const skippedBefore = await skippedEvents(service);
  const pids = serviceProcesses(service);
  const cpuBefore = cpuSecondsOf(pids);
  const loadBefore = loadavg()[0]!;
  let rss = 0;
  for (let second = 0; second < seconds; second += 1) {
    await sleep(1_000);
    rss = Math.max(
      rss,
      pids.reduce((sum, pid) => sum + residentBytes(pid), 0),
    );
  }
  const cpu = (cpuSecondsOf(pids) - cpuBefore) / seconds;
  const { stats } = await ask<{ stats: SubscriberStats }>('report');
  driveFeed(false);
  const skipped = (await skippedEvents(service)) - skippedBefore;
  const load = `${loadBefore.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`;
  worker.postMessage('close');
  await new Promise((resolve) => worker.once('exit', resolve));
  await sleep(1_000);
  const perSecond = stats.messages / seconds;
  return `| ${workers} | ${scenario.name} | ${milliseconds(percentile(stats.fast, 0.5))} | ${milliseconds(percentile(stats.fast, 0.99))} | ${
    slowEvery > 0 ? milliseconds(percentile(stats.slow, 0.99)) : '—'
  } | ${Math.round(perSecond).toLocaleString('en')} | ${Math.round(cpu * 100)} % | ${Math.round(
    cpu > 0 ? perSecond / cpu : 0,
  ).toLocaleString('en')} | ${Math.round(rss / 1024 / 1024)} MB | ${skipped} | ${stats.sequenceErrors} | ${load} |`;
}

function milliseconds(value: number | null): string {
  return value === null ? 'nothing received' : `${value} ms`;
}

/** The value below which `share` of the counted latencies fall, in whole milliseconds. */
function percentile(counts: readonly number[], share: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let latency = 0; latency < counts.length; latency += 1) {
    seen += counts[latency]!;
    if (seen >= total * share) return latency;
  }
  return counts.length - 1;
}

/** User plus system CPU time of processes, from /proc (clock ticks of 1/100 s); one that ended counts 0. */
function cpuSecondsOf(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // ended
    }
  }
  return total;
}

function residentBytes(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function skippedEvents(service: ServiceProcess): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  return Number(/^order_book_skipped_total (\d+)/m.exec(text)?.[1] ?? 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
