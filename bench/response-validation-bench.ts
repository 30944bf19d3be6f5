// `npm run bench -- response-validation` (docs/requests.md#response-validation): what checking every
// REST answer against openapi.yaml costs a request, end to end. Two services as `npm start` runs
// them, each in its own process on its own database, one with RESPONSE_VALIDATION=off and one with
// `fail` (the development default), answer `GET /.well-known/openid-configuration` (a JSON body of
// five members, two of them lists; no database work) to the same load generator, pinned apart from
// it, sides alternating per round, ratios per round. BENCH_SECONDS (5), BENCH_ROUNDS (5),
// BENCH_CONNECTIONS (32), BENCH_WARMUP_SECONDS (2), BENCH_PIN=off.
import { cpuPinning } from './cpu-pinning.ts';
import { startLoadGenerator } from './load-generator.ts';
import { changedSettings, startNpmStartService } from './npm-start-service.ts';
import { getTarget, median, pairedRatio, printPairedReport, roundSettings, runPairedRounds } from './paired-rounds.ts';

const settings = roundSettings(5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const route = '/.well-known/openid-configuration';
const get = (url: string) => getTarget(url, '{"issuer"');

const pinning = cpuPinning();
const off = await startNpmStartService({ env: { RESPONSE_VALIDATION: 'off' }, pin: pinning.server });
const checked = await startNpmStartService({ env: { RESPONSE_VALIDATION: 'fail' }, pin: pinning.server });
const generator = startLoadGenerator(connections, pinning);
try {
  const [offSide, failSide] = ['RESPONSE_VALIDATION=off', 'RESPONSE_VALIDATION=fail'];
  const results = await runPairedRounds(
    generator,
    [
      { name: offSide, target: get(`${off.url}${route}`), pid: off.pid },
      { name: failSide, target: get(`${checked.url}${route}`), pid: checked.pid },
    ],
    settings,
  );
  printPairedReport(`GET ${route}`, { generator, pinning, changedSettings, settings }, results);
  // No target: the check should cost nothing a request shows; 0.9× would be a finding.
  console.log(pairedRatio(results, failSide, offSide, 0.9).line);
  const extra = results
    .get(failSide)!
    .map((run, round) => run.serverCpuMicrosPerRequest - results.get(offSide)![round]!.serverCpuMicrosPerRequest);
  console.log(
    `server CPU per request, fail − off: ${median(extra).toFixed(1)} µs (rounds ${extra.map((value) => value.toFixed(1)).join(', ')})`,
  );
} finally {
  await generator.close();
  await Promise.all([off.close(), checked.close()]);
}
