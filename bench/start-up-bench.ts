// `npm run bench -- start-up` (docs/benchmarks.md#start-up-benchstart-up-benchts): time from `npm start` to the
// first `GET /readyz` 200, with an existing data directory (embedded PostgreSQL initialized,
// migrations applied, demo data in place by a first start), with PDF_PREWARM=false and true,
// runs alternating, median reported, and what /readyz said of the PDF engine at that moment (the
// browser launches once the service is ready, so it is `pending` then).
// `BENCH_STARTS` (5 per setting).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const starts = Number(process.env.BENCH_STARTS ?? 5);
const repo = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-start-'));

interface StartTiming {
  readyMs: number;
  pdfCheck: string;
}

/** A free loopback port: the started service must bind a known one for the probe. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function probe(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

/** Stops the whole process group and waits until every member is gone. */
async function stop(child: ChildProcess): Promise<void> {
  // npm runs the service in a child of its own: signal the group this bench started. npm exits
  // before the service has stopped its PostgreSQL, so waiting for npm alone would let the next
  // start find the data directory still locked.
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 20));
}

function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

async function startOnce(prewarm: boolean): Promise<StartTiming> {
  const port = await freePort();
  const dataPort = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DATA_PORT: String(dataPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_PUBLIC_URL: `http://127.0.0.1:${dataPort}`,
      PDF_PREWARM: String(prewarm),
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ready = await probe(`http://127.0.0.1:${port}/readyz`);
      if (ready?.status === 200) {
        const pdf = (JSON.parse(ready.body) as { checks?: Record<string, { status?: string }> }).checks?.pdf?.status;
        return { readyMs: performance.now() - started, pdfCheck: pdf ?? 'absent' };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  // The first start initializes PostgreSQL, migrates and seeds: what every later start finds.
  const first = await startOnce(false);
  console.log(`first start (empty data directory): /readyz 200 after ${first.readyMs.toFixed(0)} ms`);
  const timings: Record<'false' | 'true', StartTiming[]> = { false: [], true: [] };
  for (let round = 0; round < starts; round += 1)
    for (const prewarm of [false, true] as const)
      timings[String(prewarm) as 'false' | 'true'].push(await startOnce(prewarm));
  console.log(`\nStart-up, existing data directory (${starts} starts per setting, alternating; medians)\n`);
  console.log('| PDF_PREWARM | npm start → /readyz 200 | runs (ms) | pdf check at ready |');
  console.log('| --- | ---: | --- | --- |');
  for (const setting of ['false', 'true'] as const) {
    const runs = timings[setting];
    console.log(
      `| ${setting} | ${median(runs.map((run) => run.readyMs)).toFixed(0)} ms | ${runs.map((run) => run.readyMs.toFixed(0)).join(', ')} | ${[...new Set(runs.map((run) => run.pdfCheck))].join(', ')} |`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
