// The process bench/instruction-profile.ts runs under callgrind: the service (or the bare server
// with the hand-written statement, or graphql-js' reference for `{ ping }`) and the load driver in
// its worker thread, as the data-layer and hot-path benches have them. Instrumentation stays off
// through start-up and the warm-up rounds (JIT tiers and caches settle) and is switched on for one
// measured round with `callgrind_control`; it prints the requests of that round for the parent to
// divide by.
import { execFileSync } from 'node:child_process';
import { aurora, organizationAdminTarget, startBenchService } from './bench-service.ts';
import { startBareServer } from './data-layer-bare-server.ts';
import { organizationAdmin } from './data-layer-hand-written.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';
import { startGraphqlReferenceServer } from './reference-servers.ts';

const side = process.argv[2] ?? 'data-layer';
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const warmRounds = Number(process.env.PROFILE_WARM_ROUNDS ?? 2);

const service = await startBenchService({ MARKET_DATA: 'off' });
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (side === 'hand-written' && !databaseUrl) throw new Error('the hand-written side needs BENCH_DATABASE_URL');
const bare = databaseUrl
  ? await startBareServer(databaseUrl, 8, new Map([['hand-written', organizationAdmin(aurora)]]))
  : undefined;
const reference = side === 'reference-ping' ? await startGraphqlReferenceServer('{ ping }') : undefined;
const dataLayer = organizationAdminTarget(service);
const ping = JSON.stringify({ query: '{ ping }' });
const targets: Record<string, LoadTarget> = {
  'data-layer': dataLayer,
  ping: { kind: 'http', url: `${service.url}/graphql`, headers: { 'x-api-key': service.apiKey }, body: ping },
  ...(reference && { 'reference-ping': { kind: 'http', url: reference.url, headers: {}, body: ping } }),
  // The same request, head and body, as the data-layer bench sends every side.
  ...(bare && { 'hand-written': { ...dataLayer, url: `${bare.url}/hand-written` } }),
};
const target = targets[side];
if (!target) throw new Error(`unknown side ${side}: one of ${Object.keys(targets).join(', ')}`);
const load = startLoadWorker({ connections: 8, warmup: 200, seconds });
const callgrind = (...args: string[]) => execFileSync('callgrind_control', [...args, String(process.pid)]);
try {
  for (let round = 0; round < warmRounds; round += 1) await load.run(target);
  callgrind('--zero');
  callgrind('--instr=on');
  const measured = await load.run(target);
  callgrind('--instr=off');
  callgrind('--dump');
  console.log(`measured requests: ${measured.requests + measured.warmupRequests}`);
} finally {
  await load.close();
  await bare?.close();
  await reference?.close();
  await service.close();
}
