// `npm run bench -- start-up` (docs/benchmarks.md#start-up-benchstart-up-benchts): time from `npm start` to the
// first `GET /readyz` 200, with an existing data directory (embedded PostgreSQL initialized,
// migrations applied, demo data in place by a first start), with PDF_PREWARM=false and true,
// runs alternating, median reported, and what /readyz said of the PDF engine at that moment (the
// browser launches once the service is ready, so it is `pending` then).
// `BENCH_STARTS` (5 per setting).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port.ts';
import { spawnNpmStart, stopGroup, untilReady } from './service-process.ts';

const starts = Number(process.env.BENCH_STARTS ?? 5);
const repo = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-start-'));

interface StartTiming {
  readyMs: number;
  pdfCheck: string;
}

async function startOnce(prewarm: boolean): Promise<StartTiming> {
  const port = await freePort();
  const dataPort = await freePort();
  const started = performance.now();
  const child = spawnNpmStart(
    repo,
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATA_PORT: String(dataPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_PUBLIC_URL: `http://127.0.0.1:${dataPort}`,
      PDF_PREWARM: String(prewarm),
      LOG_LEVEL: 'warn',
    },
    'inherit',
  );
  try {
    const body = await untilReady(child, `http://127.0.0.1:${port}/readyz`);
    const pdf = (JSON.parse(body) as { checks?: Record<string, { status?: string }> }).checks?.pdf?.status;
    return { readyMs: performance.now() - started, pdfCheck: pdf ?? 'absent' };
  } finally {
    await stopGroup(child);
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
