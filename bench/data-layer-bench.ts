// `npm run bench` (data-layer part,
// docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts):
// organizations with their digital wallets through the data layer over real HTTP, side by side in
// the same run with the very statement the data layer compiles for that query, and with one
// hand-written statement for the same answer (the reference of docs/benchmarks.md#targets), both
// behind a bare node http server. The service runs as `npm start` runs it and the bare server as a
// process of its own; wrk drives them (bench/load-generator.ts). Each side reports req/s, latency,
// its server process's CPU and PostgreSQL's CPU per request. Synthetic data: 10,000 wallets spread over 200 organizations.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createDataQueryExecutor } from '../src/records/data-layer-sql/data-query-executor.ts';
import { collectSessionText } from '../src/data-layer/auth/session-variables.ts';
import { createDataRequestExecutor } from '../src/data-layer/request/execute-data-request.ts';
import { createDatabase, type DatabaseAccess } from '../src/db/create-database.ts';
import { noPinning } from './cpu-pinning.ts';
import { bareServerApplicationName, type Statement } from './data-layer-bare-server.ts';
import { addSyntheticWallets, removeSyntheticWallets } from './data-layer-dataset.ts';
import { frontOfficeAll, frontOfficeFirst, organizationAdmin } from './data-layer-hand-written.ts';
import { printDataLayerReport, sides, statementLabels, type Side, type SideRun } from './data-layer-report.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadGenerator } from './load-generator.ts';
import { changedSettings, startNpmStartService } from './npm-start-service.ts';
import { checkAnswer, measureSide } from './paired-rounds.ts';
import { backendMicrosPerRequest, startBackendCpuMeter } from './postgres-backend-cpu.ts';
import { printRunConditions } from './run-conditions.ts';
import { startReferenceProcess } from './server-process.ts';
import { statementCpu, type StatementVariant } from './statement-cpu.ts';

// Five rounds of 4 s rather than three of 5 s: one round's ratio moves by ±20 % with the host's
// load, and a median of five is steadier (docs/benchmarks-log.md#the-same-request-to-every-side-and-five-rounds-2026-12-03).
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
// Before the first round, each side serves this long unmeasured: the data layer runs far more
// JavaScript than the bare server, to be optimised by V8 as it runs, and its first round had been
// its lowest in every run (docs/benchmarks-log.md#a-warm-up-round-before-the-first-2026-12-01).
const warmRoundSeconds = Number(process.env.BENCH_WARM_ROUND_SECONDS ?? 3);
// The sides take turns, round after round (order flipped every round), so drift hits all.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const statementRounds = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 7);
const shape = {
  organizations: Number(process.env.BENCH_ORGANIZATIONS ?? 200),
  wallets: Number(process.env.BENCH_WALLETS ?? 10_000),
};
const externalUrl = process.env.BENCH_DATABASE_URL;
/** The service's pool (src/db/create-database.ts' default application_name). */
const serviceApplicationName = 'wealth-platform';

const walletFields = 'digital_wallets { id label coin usd_value }';
const aliceOrganization = '11111111-0000-4000-8000-000000000001';
const allScenarios = [
  {
    title: 'organization_admin (demo-alice): own organization and its wallets',
    role: 'organization_admin',
    session: { 'x-data-user-id': 'demo-alice', 'x-data-organization-id': aliceOrganization },
    query: `query OwnWallets { organization { id name ${walletFields} } }`,
    handWritten: organizationAdmin(aliceOrganization),
  },
  {
    title: 'front_office (demo-sybil): 2 organizations and their wallets',
    role: 'front_office',
    session: { 'x-data-user-id': 'demo-sybil', 'x-data-organization-id': '11111111-0000-4000-8000-000000000003' },
    query: `query TwoClients { organization(order_by: {slug: asc}, limit: 2) { id name ${walletFields} } }`,
    handWritten: frontOfficeFirst(2),
  },
  {
    title: 'front_office (demo-sybil): every organization and its wallets',
    role: 'front_office',
    session: { 'x-data-user-id': 'demo-sybil', 'x-data-organization-id': '11111111-0000-4000-8000-000000000003' },
    query: `query AllClients { organization { id name ${walletFields} } }`,
    handWritten: frontOfficeAll(),
  },
] as const;
type Scenario = (typeof allScenarios)[number];
// BENCH_QUERIES=1,2 measures the first two only.
const picked = process.env.BENCH_QUERIES?.split(',').map(Number);
const scenarios = allScenarios.filter((_, index) => !picked || picked.includes(index + 1));

const headersOf = (scenario: Scenario, dataAdminSecret: string): Record<string, string> => ({
  'x-data-admin-secret': dataAdminSecret,
  'x-data-role': scenario.role,
  ...scenario.session,
});

/**
 * The statement of each scenario, compiled by the same code the service runs for the same role
 * and query, captured with its bound parameters (and its name, if it has one) as it is sent. Run
 * twice, as a cached operation is.
 */
async function captureStatements(
  database: Pick<DatabaseAccess, 'db' | 'statements'>,
  dataAdminSecret: string,
): Promise<Statement[]> {
  const captured: Statement[] = [];
  const capture = createDataRequestExecutor({
    queries: createDataQueryExecutor(database, {
      onStatement: (sql, parameters, name) => captured.push({ sql, parameters, ...(name && { name }) }),
    }),
  });
  const statements: Statement[] = [];
  for (const scenario of scenarios) {
    captured.length = 0;
    const sessionText = collectSessionText((name) => headersOf(scenario, dataAdminSecret)[name]);
    for (let run = 0; run < 2; run += 1)
      await capture(
        { role: scenario.role, sessionText, via: 'admin-secret' },
        { query: scenario.query, variables: null, operationName: null },
      );
    if (captured.length !== 2)
      throw new Error(`expected one statement for ${scenario.title}, the data layer sent ${captured.length / 2}`);
    statements.push(captured[1]!);
    if (process.env.BENCH_SHOW_SQL)
      console.log(
        `-- ${scenario.title}\n${captured[1]!.sql}\n-- parameters: ${JSON.stringify(captured[1]!.parameters)}${captured[1]!.name ? `\n-- name: ${captured[1]!.name}` : ''}\n`,
      );
  }
  return statements;
}

/**
 * The compiled statement named (as the data layer sends it once cached; named here if the data
 * layer sent it unnamed) and unnamed (as it sends it first), beside the hand-written one.
 */
function statementVariants(compiled: Statement, handWritten: Statement, index: number): StatementVariant[] {
  return [
    { label: statementLabels.named, statement: { ...compiled, name: compiled.name ?? `bench-compiled-${index}` } },
    { label: statementLabels.unnamed, statement: { sql: compiled.sql, parameters: compiled.parameters } },
    { label: statementLabels.handWritten, statement: handWritten },
  ];
}

/** The same rows and columns: arrays of rows compared in `id` order (the order without order_by is PostgreSQL's). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const rows = value.map(canonical);
    const key = (row: unknown) => JSON.stringify((row as { id?: unknown } | null)?.id ?? row);
    return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, canonical(field)]));
  return value;
}

/** All sides must answer the same, or the comparison means nothing; answers the size of each result. */
async function checkAnswers(targets: readonly Record<Side, LoadTarget>[]) {
  const shapes: { organizations: number; wallets: number; bytes: number }[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const answers = await Promise.all(
      sides.map(async (side) => {
        const target = targets[index]![side];
        const response = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...target.headers },
          body: target.body,
        });
        return response.text();
      }),
    );
    const [viaDataLayer, viaCompiled, viaHand] = answers as [string, string, string];
    if (viaDataLayer !== viaCompiled)
      throw new Error(
        `${scenario.title}: the data layer and its statement answered differently:\n${viaDataLayer.slice(0, 300)}\n${viaCompiled.slice(0, 300)}`,
      );
    if (!isDeepStrictEqual(canonical(JSON.parse(viaDataLayer)), canonical(JSON.parse(viaHand))))
      throw new Error(
        `${scenario.title}: the data layer and the hand-written statement answered differently:\n${viaDataLayer.slice(0, 300)}\n${viaHand.slice(0, 300)}`,
      );
    const organizations = (JSON.parse(viaDataLayer) as { data: { organization: { digital_wallets: unknown[] }[] } })
      .data.organization;
    shapes.push({
      organizations: organizations.length,
      wallets: organizations.reduce((sum, organization) => sum + organization.digital_wallets.length, 0),
      bytes: Buffer.byteLength(viaDataLayer),
    });
  }
  return shapes;
}

// PostgreSQL serves every side and needs the cores the servers and the generator leave it: nothing is pinned.
const pinning = noPinning('PostgreSQL serves every side beside the servers and the generator');
// No order-book feed: its simulator and books would add their CPU to the service's process.
const serviceSettings = { MARKET_DATA: 'off', AUTH_RATE_LIMIT: '0' };
if (externalUrl) await removeSyntheticWallets(externalUrl);
const service = await startNpmStartService({ env: serviceSettings, databaseUrl: externalUrl });
const databaseUrl = service.databaseUrl;
const generator = startLoadGenerator(connections, pinning);
const statementsDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-data-layer-'));
let bare: Awaited<ReturnType<typeof startReferenceProcess>> | undefined;
let meter: Awaited<ReturnType<typeof startBackendCpuMeter>> | undefined;
try {
  const dataset = await addSyntheticWallets(databaseUrl, shape);
  const captureDatabase = createDatabase({
    url: databaseUrl,
    poolSize: 1,
    applicationName: 'data-layer-bench-capture',
  });
  const compiled = await captureStatements(captureDatabase, service.dataAdminSecret).finally(() =>
    captureDatabase.db.destroy(),
  );
  const statementsFile = path.join(statementsDir, 'statements.json');
  writeFileSync(
    statementsFile,
    JSON.stringify(
      Object.fromEntries(
        scenarios.flatMap((scenario, index) => [
          [`compiled/${index}`, compiled[index]!],
          [`hand-written/${index}`, scenario.handWritten],
        ]),
      ),
    ),
  );
  bare = await startReferenceProcess(['statements', statementsFile, databaseUrl, String(connections)], pinning.server);
  meter = await startBackendCpuMeter(databaseUrl);

  // Every side gets the same request, head and body, as one client would send it to any of them;
  // each server reads what it needs. Node parses every header line and builds
  // `request.headers` for each request it serves, whether the handler reads them or not.
  const targets = scenarios.map((scenario, index): Record<Side, LoadTarget> => {
    const body = JSON.stringify({ query: scenario.query });
    const headers = headersOf(scenario, service.dataAdminSecret);
    return {
      'data layer': { kind: 'http', url: `${service.dataUrl}/v1/graphql`, headers, body },
      'compiled statement, bare http': { kind: 'http', url: `${bare!.url}/compiled/${index}`, headers, body },
      'hand-written statement, bare http': { kind: 'http', url: `${bare!.url}/hand-written/${index}`, headers, body },
    };
  });
  const shapes = await checkAnswers(targets);
  const pidOf = (side: Side) => (side === 'data layer' ? service.pid : bare!.pid);

  const results = scenarios.map(
    () => Object.fromEntries(sides.map((side) => [side, [] as SideRun[]])) as Record<Side, SideRun[]>,
  );
  for (const [index, scenario] of scenarios.entries()) {
    for (const side of sides) {
      process.stderr.write(`warm-up: ${scenario.role} ${index + 1}, ${side}…\n`);
      await checkAnswer({ name: side, target: targets[index]![side], pid: pidOf(side) });
      if (warmRoundSeconds > 0) await generator.run(targets[index]![side], warmRoundSeconds);
    }
  }
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? sides : [...sides].reverse();
    for (const [index, scenario] of scenarios.entries()) {
      for (const side of order) {
        process.stderr.write(`round ${round} of ${rounds}: ${scenario.role} ${index + 1}, ${side}…\n`);
        const applicationName = side === 'data layer' ? serviceApplicationName : bareServerApplicationName;
        const before = await meter.read(applicationName);
        const run = await measureSide(
          generator,
          { name: side, target: targets[index]![side], pid: pidOf(side) },
          seconds,
        );
        const after = await meter.read(applicationName);
        process.stderr.write(`  ${Math.round(run.perSecond)} req/s\n`);
        results[index]![side].push({
          ...run,
          postgresMicrosPerRequest: backendMicrosPerRequest(before, after, run.requests),
        });
      }
    }
  }

  const statements: Map<string, number>[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    process.stderr.write(`PostgreSQL CPU per execution: ${scenario.role} ${index + 1}…\n`);
    statements.push(
      await statementCpu(databaseUrl, statementVariants(compiled[index]!, scenario.handWritten, index), {
        rounds: statementRounds,
        msPerSample: 300,
      }),
    );
  }

  console.log('');
  printRunConditions(
    generator,
    pinning,
    { ...changedSettings, ...serviceSettings },
    `${rounds} of ${seconds} s per side after a warm-up round of ${warmRoundSeconds} s per side; medians`,
  );
  printDataLayerReport({
    database: externalUrl ? 'external PostgreSQL' : 'embedded PostgreSQL',
    dataset,
    settings: { connections, rounds, seconds, warmRoundSeconds },
    scenarios: scenarios.map((scenario, index) => ({ title: scenario.title, ...shapes[index]! })),
    results,
    statements,
  });
} finally {
  await generator.close();
  await meter?.close();
  await bare?.close();
  if (externalUrl) await removeSyntheticWallets(externalUrl).catch(() => {});
  await service.close();
  rmSync(statementsDir, { recursive: true, force: true });
}
