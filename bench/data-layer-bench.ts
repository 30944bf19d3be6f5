// `npm run bench` (data-layer part, docs/benchmarks.md#targets): organizations with their digital
// wallets through the data layer over real HTTP, side by side in the same run with the very
// statement the data layer compiles for that query sent over raw `pg` (no HTTP, no GraphQL, no
// authentication), and with that statement behind a bare node http server (the reference of
// docs/benchmarks.md#targets). Synthetic data: 10,000 wallets spread over 200 organizations.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDataQueryExecutor } from '../src/access/data-layer-sql/data-query-executor.ts';
import { loadConfig } from '../src/config/config.ts';
import { loadLocalSecrets } from '../src/config/local-secrets.ts';
import { collectSessionText } from '../src/data-layer/auth/session-variables.ts';
import { createDataRequestExecutor } from '../src/data-layer/request/execute-data-request.ts';
import { findFreePort } from '../src/db/free-port.ts';
import { createLogger } from '../src/observability/logger.ts';
import { startService } from '../src/service/start-service.ts';
import { addSyntheticWallets, removeSyntheticWallets } from './data-layer-dataset.ts';
import type { LoadResult, LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 300);
// The sides take turns, round after round (order flipped every round), so drift hits all.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const shape = {
  organizations: Number(process.env.BENCH_ORGANIZATIONS ?? 200),
  wallets: Number(process.env.BENCH_WALLETS ?? 10_000),
};
const externalUrl = process.env.BENCH_DATABASE_URL;
const dataAdminSecret = 'bench-data-admin-secret-0123456789abcdef';

const walletFields = 'digital_wallets { id label coin usd_value }';
const scenarios = [
  {
    title: 'organization_admin (demo-alice): own organization and its wallets',
    role: 'organization_admin',
    session: { 'x-data-user-id': 'demo-alice', 'x-data-organization-id': '11111111-0000-4000-8000-000000000001' },
    query: `query OwnWallets { organization { id name ${walletFields} } }`,
  },
  {
    title: 'front_office (demo-sybil): 2 organizations and their wallets',
    role: 'front_office',
    session: { 'x-data-user-id': 'demo-sybil', 'x-data-organization-id': '11111111-0000-4000-8000-000000000003' },
    query: `query TwoClients { organization(order_by: {slug: asc}, limit: 2) { id name ${walletFields} } }`,
  },
  {
    title: 'front_office (demo-sybil): every organization and its wallets',
    role: 'front_office',
    session: { 'x-data-user-id': 'demo-sybil', 'x-data-organization-id': '11111111-0000-4000-8000-000000000003' },
    query: `query AllClients { organization { id name ${walletFields} } }`,
  },
] as const;

const sides = ['data layer (HTTP)', 'raw pg (no HTTP)', 'bare http + raw pg'] as const;
type Side = (typeof sides)[number];

interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * The reference of docs/benchmarks.md#targets: one statement over raw pg behind a bare node http
 * server, path /<scenario>.
 */
async function startBareServer(connectionString: string, statements: readonly Statement[]) {
  const pool = new pg.Pool({ connectionString, max: connections, application_name: 'data-layer-bench-bare' });
  pool.on('error', () => {});
  const server = http.createServer((request, response) => {
    const statement = statements[Number(request.url?.slice(1))];
    request.resume();
    request.on('end', () => {
      if (!statement) {
        response.writeHead(404).end();
        return;
      }
      pool.query<{ value: string | null }>(statement.sql, [...statement.parameters]).then(
        (result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(`{"data":{"organization":${result.rows[0]?.value ?? 'null'}}}`);
        },
        (error: unknown) => {
          response.writeHead(500).end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-data-layer-'));
const embeddedPort = externalUrl ? 0 : await findFreePort();
// Written before the service starts, so the embedded server's password is known here too.
const embeddedPassword = loadLocalSecrets(dataDir).secrets.embeddedPostgresPassword;
const databaseUrl =
  externalUrl ?? `postgres://postgres:${encodeURIComponent(embeddedPassword)}@127.0.0.1:${embeddedPort}/postgres`;
if (externalUrl) await removeSyntheticWallets(externalUrl);
const config = loadConfig({
  ...(externalUrl ? { DATABASE_URL: externalUrl } : { EMBEDDED_POSTGRES_PORT: String(embeddedPort) }),
  PORT: '0',
  DATA_PORT: '0',
  DATA_DIR: dataDir,
  SEED: 'demo',
  ADMIN_API_KEY: 'bench-admin-api-key-0123456789abcdef',
  DATA_ADMIN_SECRET: dataAdminSecret,
  SIGNING_KEY_SECRET: 'bench-signing-key-secret-0123456789abcdef',
  AUTH_RATE_LIMIT: '0',
  API_RATE_LIMIT: '0',
  PDF_PREWARM: 'false',
  LOG_LEVEL: 'silent',
});
const service = await startService(config, createLogger('silent'));
const load = startLoadWorker({ connections, warmup, seconds });
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
try {
  const dataset = await addSyntheticWallets(databaseUrl, shape);

  // The statement of each scenario, compiled by the same code the service runs for the same
  // role and query, captured with its bound parameters as it is sent.
  const captured: Statement[] = [];
  const capture = createDataRequestExecutor({
    queries: createDataQueryExecutor(service.db, {
      onStatement: (sql, parameters) => captured.push({ sql, parameters }),
    }),
  });
  const headersOf = (scenario: (typeof scenarios)[number]): Record<string, string> => ({
    'x-data-admin-secret': dataAdminSecret,
    'x-data-role': scenario.role,
    ...scenario.session,
  });
  const statements: Statement[] = [];
  for (const scenario of scenarios) {
    captured.length = 0;
    const sessionText = collectSessionText((name) => headersOf(scenario)[name]);
    await capture(
      { role: scenario.role, sessionText, via: 'admin-secret' },
      { query: scenario.query, variables: null, operationName: null },
    );
    if (captured.length !== 1)
      throw new Error(`expected one statement for ${scenario.title}, the data layer sent ${captured.length}`);
    statements.push(captured[0]!);
    if (process.env.BENCH_SHOW_SQL)
      console.log(
        `-- ${scenario.title}\n${captured[0]!.sql}\n-- parameters: ${JSON.stringify(captured[0]!.parameters)}\n`,
      );
  }
  bare = await startBareServer(databaseUrl, statements);

  const targets = scenarios.map((scenario, index): Record<Side, LoadTarget> => {
    const body = JSON.stringify({ query: scenario.query });
    return {
      'data layer (HTTP)': { kind: 'http', url: `${service.dataUrl}/v1/graphql`, headers: headersOf(scenario), body },
      'raw pg (no HTTP)': {
        kind: 'pg',
        connectionString: databaseUrl,
        sql: statements[index]!.sql,
        parameters: statements[index]!.parameters,
      },
      'bare http + raw pg': { kind: 'http', url: `${bare!.url}/${index}`, headers: {}, body },
    };
  });

  // All three sides must answer the same JSON, or the comparison means nothing.
  const shapes: { organizations: number; wallets: number; bytes: number }[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const viaDataLayer = await fetch(`${service.dataUrl}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersOf(scenario) },
      body: JSON.stringify({ query: scenario.query }),
    }).then((response) => response.text());
    const viaBare = await fetch(`${bare.url}/${index}`, { method: 'POST', body: '{}' }).then((response) =>
      response.text(),
    );
    if (viaDataLayer !== viaBare)
      throw new Error(
        `${scenario.title}: the data layer and raw pg answered differently:\n${viaDataLayer.slice(0, 300)}\n${viaBare.slice(0, 300)}`,
      );
    const organizations = (JSON.parse(viaDataLayer) as { data: { organization: { digital_wallets: unknown[] }[] } })
      .data.organization;
    shapes.push({
      organizations: organizations.length,
      wallets: organizations.reduce((sum, organization) => sum + organization.digital_wallets.length, 0),
      bytes: Buffer.byteLength(viaDataLayer),
    });
  }

  const results = scenarios.map(
    () => Object.fromEntries(sides.map((side) => [side, [] as LoadResult[]])) as Record<Side, LoadResult[]>,
  );
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? sides : [...sides].reverse();
    for (const [index, scenario] of scenarios.entries()) {
      for (const side of order) {
        process.stderr.write(`round ${round} of ${rounds}: ${scenario.role} ${index + 1}, ${side}…\n`);
        results[index]![side].push(await load.run(targets[index]![side]));
      }
    }
  }

  const database = externalUrl ? 'external PostgreSQL' : 'embedded PostgreSQL';
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const count = (value: number) => value.toLocaleString('en-US');
  const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  console.log(
    `\nData layer: organizations with their wallets (${database}; ${count(dataset.wallets)} wallets in ${count(dataset.organizations)} organizations, ${count(dataset.addedWallets)} of them synthetic; ${connections} connections, keep-alive; medians of ${rounds} rounds of ${seconds} s per side after ${warmup} warm-up requests or 1 s)\n`,
  );
  console.log(row(['query', 'side', 'req/s', 'p50 ms', 'p99 ms', 'data layer / side: req/s', 'p50', 'p99']));
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const [index, scenario] of scenarios.entries()) {
    const mine = results[index]!['data layer (HTTP)'];
    const figure = `${scenario.title} — ${shapes[index]!.organizations} org., ${count(shapes[index]!.wallets)} wallets, ${(shapes[index]!.bytes / 1024).toFixed(1)} KiB`;
    for (const side of sides) {
      const runs = results[index]![side];
      // Ratios are taken per round (the sides of a round ran back to back), then the median.
      const ratio = (pick: (result: LoadResult) => number) =>
        `${median(runs.map((run, round) => pick(mine[round]!) / pick(run))).toFixed(2)}×`;
      const isDataLayer = side === 'data layer (HTTP)';
      console.log(
        row([
          side === sides[0] ? figure : '',
          side,
          fixed(median(runs.map((run) => run.perSecond)), 0),
          fixed(median(runs.map((run) => run.p50)), 2),
          fixed(median(runs.map((run) => run.p99)), 2),
          isDataLayer ? '' : ratio((run) => run.perSecond),
          isDataLayer ? '' : ratio((run) => run.p50),
          isDataLayer ? '' : ratio((run) => run.p99),
        ]),
      );
    }
  }
  console.log(
    '\nraw pg: the compiled statement with its bound parameters on a pg.Pool of the same size, from the load thread: no HTTP, no GraphQL parsing or validation, no authentication, so it bounds what any server could reach.',
  );
  console.log(
    'bare http + raw pg: the same statement behind a bare node http server (the reference of docs/benchmarks.md#targets; target: data layer ≥ 0.6× its req/s).',
  );
  console.log("The load driver runs in a worker thread; client, service and PostgreSQL share the machine's cores.");
  console.log(
    `Per-round data layer / raw pg req/s: ${scenarios.map((_, index) => results[index]!['raw pg (no HTTP)'].map((run, round) => (results[index]!['data layer (HTTP)'][round]!.perSecond / run.perSecond).toFixed(2)).join(', ')).join(' | ')}`,
  );
} finally {
  await load.close();
  await bare?.close();
  if (externalUrl) await removeSyntheticWallets(externalUrl).catch(() => {});
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
