// What an alias flood costs everyone else (docs/benchmarks.md#alias-flood, docs/api-limits.md):
// the service as its own process with the default configuration, the demo data on its embedded
// PostgreSQL and the bootstrap admin key; a bystander sends `{ ping }` every 25 ms, alone and then
// while four clients each send 600 aliases of `digitalWalletDetailById(refresh: true)` at once,
// round after round. Reports the bystander's latency in both phases and what the floods got.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServiceProcess } from '../test/robustness/service-process.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const apiKey = 'bench-admin-api-key-0123456789abcdef';
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-alias-flood-'));
const service = await startServiceProcess({
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  PORT: '0',
  DATA_PORT: '0',
  DATA_DIR: dataDir,
  ADMIN_API_KEY: apiKey,
  SEED: 'demo',
  PDF_PREWARM: 'false',
});

async function post(query: string): Promise<{ status: number; ms: number; code: string | undefined }> {
  const started = performance.now();
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return { status: response.status, ms: performance.now() - started, code: body.errors?.[0]?.extensions?.code };
}

/** Each flood a text of its own, so the document cache never serves a parse. */
const flood = (round: number, client: number) =>
  `{ ${Array.from({ length: 600 }, (_, n) => `a${n}: digitalWalletDetailById(id: ${1 + (n % 5)}, refresh: true) { id usdValue }`).join(' ')} r${round}c${client}: ping }`;

function percentiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
  return `n ${sorted.length}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function bystander(until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    latencies.push((await post('{ ping }')).ms);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return latencies;
}

try {
  for (let warm = 0; warm < 20; warm++) await post('{ ping }');
  const idleUntil = performance.now() + 2_000;
  const idle = await bystander(() => performance.now() > idleUntil);
  let flooding = true;
  const during = bystander(() => !flooding);
  const answers: { status: number; ms: number; code: string | undefined }[] = [];
  for (let round = 0; round < rounds; round++)
    answers.push(...(await Promise.all([0, 1, 2, 3].map((client) => post(flood(round, client))))));
  flooding = false;
  const kinds = new Map<string, number>();
  for (const answer of answers) {
    const kind = `${answer.status} ${answer.code ?? 'ok'}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(`bystander { ping } alone:        ${percentiles(idle)}`);
  console.log(`bystander { ping } under floods: ${percentiles(await during)}`);
  console.log(`floods (${rounds} rounds of 4): ${percentiles(answers.map((answer) => answer.ms))}`);
  console.log(`flood answers: ${[...kinds].map(([kind, count]) => `${count} × ${kind}`).join(', ')}`);
  console.log(`service RSS after: ${Math.round(service.rssBytes() / 1024 / 1024)} MB`);
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
