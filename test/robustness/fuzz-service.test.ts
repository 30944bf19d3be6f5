// The robustness fuzz (docs/robustness.md): the real service, started as `npm start` starts it on
// a demo database, gets seeded, deterministic, malformed and hostile requests on every route of
// openapi.yaml and on both GraphQL endpoints. No answer may be a server error other than a
// documented 503/504/507, every body must have its route's documented shape, and the service's
// resident memory may grow by at most 300 MB over the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataAdminSecret } from '../data-layer/data-layer-client.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../support/fake-identity-provider.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../support/platform-token-forge.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { testAdminApiKey } from '../support/test-service.ts';
import { type CredentialVault, openCredentialVault } from './fuzz-credentials.ts';
import { readFuzzBudget } from './fuzz-budget.ts';
import { createFuzzPlan, type FuzzPlan } from './fuzz-plan.ts';
import {
  formatErrorLogs,
  formatFailure,
  formatFailures,
  formatMemory,
  formatProcessMemory,
  formatSeed,
} from './fuzz-report.ts';
import type { FuzzFixtures } from './rest-requests.ts';
import { runSeed, type SeedResult } from './run-fuzz.ts';
import { type ServiceProcess, startServiceProcess } from './service-process.ts';

const megabyte = 1024 * 1024;

/** The most the service's resident memory (after garbage collection) may grow over a run. */
const rssGrowthLimitBytes = 300 * megabyte;

/** Kinds of failure printed with a full reproduction; the rest are counted. */
const printedGroups = 30;

const budget = readFuzzBudget(process.env);
let provider: FakeIdentityProvider;
let database: TestDatabase;
let dataDir: string;
let service: ServiceProcess;
let forge: PlatformTokenForge;
let vault: CredentialVault;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-fuzz-'));
  service = await startServiceProcess({
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ADMIN_API_KEY: testAdminApiKey,
    DATA_ADMIN_SECRET: dataAdminSecret,
    SIGNING_KEY_SECRET: testSigningKeySecret,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
    // The rate limits have tests of their own; here they would turn most requests into 429s
    // before any handler ran.
    AUTH_RATE_LIMIT: '0',
    API_RATE_LIMIT: '0',
    GRAPHQL_COST_RATE_LIMIT: '0',
    UPLOAD_RATE_LIMIT: '0',
    FAILED_CREDENTIAL_LIMIT: '0',
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  });
  forge = await createPlatformTokenForge({
    databaseUrl: database.url,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  vault = await openCredentialVault({
    databaseUrl: database.url,
    serviceUrl: service.url,
    provider,
    forge,
    adminApiKey: testAdminApiKey,
    dataAdminSecret,
  });
});

test.after(async () => {
  await vault?.close();
  await forge?.close();
  await service?.stop();
  await database?.drop();
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function readFixtures(databaseUrl: string): Promise<FuzzFixtures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const uploads = await client.query<{ stored_name: string }>('SELECT stored_name FROM file_upload ORDER BY id');
    const documents = await client.query<{ id: string }>('SELECT id FROM kyc_document ORDER BY id');
    return {
      uploadNames: uploads.rows.map((row) => row.stored_name),
      kycDocumentIds: documents.rows.map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}

function endpointOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

interface Memory {
  /** Resident memory as the operating system reports it. */
  raw: number;
  /** After a full garbage collection. */
  live: number;
}

async function measureMemory(label: string): Promise<Memory> {
  const raw = service.rssBytes();
  const usage = await service.memoryUsage();
  const live = await service.rssAfterGarbageCollectionBytes();
  console.log(formatMemory(label, raw, live, service.childrenRssBytes()));
  console.log(`  ${formatProcessMemory(usage)} (before the collection)`);
  return { raw, live };
}

async function runSeeds(plan: FuzzPlan): Promise<SeedResult[]> {
  const endpoints = { main: endpointOf(service.url), data: endpointOf(service.dataUrl) };
  const replay = budget.onlyIndex !== undefined;
  const indexes = replay ? [budget.onlyIndex as number] : Array.from({ length: budget.requestsPerSeed }, (_, i) => i);
  const results: SeedResult[] = [];
  for (const seed of budget.seeds) {
    const run = { plan, seed, indexes, concurrency: budget.concurrency, endpoints, fill: vault.fill, keepAll: replay };
    const result = await runSeed(run);
    results.push(result);
    for (const replayed of result.kept) console.log(formatFailure(replayed, service.logLines));
    console.log(formatSeed(result));
    console.log(formatMemory(`after seed ${seed}`, service.rssBytes(), undefined, service.childrenRssBytes()));
  }
  return results;
}

test('fuzzed requests on every route and both GraphQL endpoints: no undocumented 5xx, documented shapes, bounded memory', async () => {
  const plan = createFuzzPlan(await readFixtures(database.url));
  const before = await measureMemory('before');
  // Resident memory every 10 s, printed at the end: growth that levels off is caches filling,
  // growth that keeps its slope is a leak.
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(service.rssBytes()), 10_000);
  const results = await runSeeds(plan).finally(() => clearInterval(sampler));
  console.log(`service RSS every 10 s (MB): ${samples.map((bytes) => Math.round(bytes / megabyte)).join(' ')}`);
  const after = await measureMemory('after');
  const failures = results.flatMap((result) => result.failures);
  for (const group of formatFailures(failures, service.logLines, printedGroups)) console.log(group);
  const errorLogs = formatErrorLogs(service.logLines);
  if (errorLogs.length > 0) console.log(`service error log lines:\n  ${errorLogs.join('\n  ')}`);
  const growth = after.live - before.live;
  console.log(
    `service RSS grew by ${Math.round(growth / megabyte)} MB after garbage collection (${Math.round((after.raw - before.raw) / megabyte)} MB as is)`,
  );
  assert.is(failures.length, 0, `${failures.length} fuzzed requests failed their checks (printed above)`);
  assert.ok(
    after.raw - before.raw <= rssGrowthLimitBytes,
    `service RSS grew by ${after.raw - before.raw} bytes, over ${rssGrowthLimitBytes}`,
  );
  assert.ok(
    growth <= rssGrowthLimitBytes,
    `service RSS grew by ${growth} bytes after garbage collection, over ${rssGrowthLimitBytes}`,
  );
});

test.run();
