// Where the service's CPU goes on its hottest paths (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24):
// `node bench/hot-path-profile.ts [ping|healthz|reference-ping|bare-koa|data-layer] …` puts the load driver
// (in its worker thread) on one target, samples the main thread's CPU with the inspector (the
// worker's isolate is not sampled), and prints the top functions by self time, the share of each
// package or source directory, and the young and full garbage-collection pauses per request.
// `PROFILE_SECONDS` (5), `BENCH_CONNECTIONS` (16), `PROFILE_TOP` (30 functions listed);
// `PROFILE_OUT=<dir>` also writes each .cpuprofile for a viewer.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { organizationAdminTarget, startBenchService } from './bench-service.ts';
import { withGcPauses } from './gc-pauses.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';
import { getTarget } from './paired-rounds.ts';
import { startBareKoaServer, startGraphqlReferenceServer } from './reference-servers.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const topFunctions = Number(process.env.PROFILE_TOP ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const targets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ping', 'healthz'];
const query = '{ ping }';
const root = path.resolve(import.meta.dirname, '..');

const service = await startBenchService();
const graphqlReference = await startGraphqlReferenceServer(query);
const bareKoa = await startBareKoaServer();
const load = startLoadWorker({ connections, warmup: 5_000, seconds });
const body = JSON.stringify({ query });
const sides: Record<string, LoadTarget> = {
  ping: { kind: 'http', url: `${service.url}/graphql`, headers: { 'x-api-key': service.apiKey }, body },
  healthz: getTarget(`${service.url}/healthz`, 'ok'),
  'reference-ping': { kind: 'http', url: graphqlReference.url, headers: {}, body },
  'bare-koa': getTarget(bareKoa.url, 'ok'),
  // The data layer's organization_admin query of bench/data-layer-bench.ts, on the demo data.
  'data-layer': organizationAdminTarget(service),
};
const session = new Session();
session.connect();
try {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (const name of targets) {
    const target = sides[name];
    if (!target) throw new Error(`unknown target ${name}: one of ${Object.keys(sides).join(', ')}`);
    await load.run(target); // warm-up round: JIT and caches settle before sampling
    await session.post('Profiler.start');
    const result = await withGcPauses(() => load.run(target));
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    if (process.env.PROFILE_OUT)
      writeFileSync(path.join(process.env.PROFILE_OUT, `${name}.cpuprofile`), JSON.stringify(profile));
    report(name, profile, result.perSecond);
    const requests = result.perSecond * seconds;
    console.log(
      `\nGC pauses per request: minor ${((result.gc.minorMs * 1000) / requests).toFixed(2)} µs, major ${((result.gc.majorMs * 1000) / requests).toFixed(2)} µs`,
    );
  }
} finally {
  session.disconnect();
  await load.close();
  await bareKoa.close();
  await graphqlReference.close();
  await service.close();
}

function report(name: string, profile: Profile, perSecond: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = new Map<number, number>();
  for (const id of profile.samples) samples.set(id, (samples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const idle = [...samples]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
    .reduce((sum, [, n]) => sum + n, 0);
  const busy = total - idle;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, count] of samples) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const where = shortUrl(frame.url);
    const key = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + count);
    areas.set(area(frame.url, frame.functionName), (areas.get(area(frame.url, frame.functionName)) ?? 0) + count);
  }
  const cpuSeconds = ((profile.endTime - profile.startTime) / 1e6) * (busy / total);
  const requests = perSecond * seconds;
  console.log(
    `\n## ${name}: ${perSecond.toFixed(0)} req/s, main thread busy ${((busy / total) * 100).toFixed(0)}%, ≈ ${((cpuSeconds / requests) * 1e6).toFixed(0)} µs of main-thread CPU per request\n`,
  );
  const share = (count: number) => `${((count / busy) * 100).toFixed(1)}%`;
  console.log('| area | self time |\n| --- | ---: |');
  for (const [key, count] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 18))
    console.log(`| ${key} | ${share(count)} |`);
  console.log('\n| function | self time |\n| --- | ---: |');
  for (const [key, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, topFunctions))
    console.log(`| ${key} | ${share(count)} |`);
}

function shortUrl(url: string): string {
  const local = url.startsWith('file://') ? url.slice('file://'.length) : url;
  return local.startsWith(root) ? path.relative(root, local) : local;
}

/** A package (`node_modules/koa`), a source directory (`src/http`), Node's own code, or V8's pseudo-frames. */
function area(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const local = shortUrl(url);
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(local);
  if (inModules) return inModules[1]!;
  if (local.startsWith('node:')) return local;
  const parts = local.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : local;
}
