// Starts the real service (both ports, real PostgreSQL) for a test file, and an HTTP client
// whose every response is checked against openapi.yaml.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { pino } from 'pino';
import { loadConfig } from '../../src/config/config.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { type RunningService, startService } from '../../src/composition/start-service.ts';
import { type DatabaseProxy, startDatabaseProxy } from './database-proxy.ts';
import { assertMatchesContract } from './openapi-contract.ts';
import { createTestDatabase } from './test-database.ts';

export const testAdminApiKey = 'test-admin-key-0123456789abcdef';

export interface TestService extends RunningService {
  databaseUrl: string;
  request(
    method: string,
    pathname: string,
    init?: { headers?: Record<string, string>; body?: string | Uint8Array | object },
  ): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T = any>(): T;
}

export interface TestServiceOptions {
  /** Collects every log line at `info` and above (parsed JSON), to assert what was or was not logged. */
  logLines?: Record<string, unknown>[];
  /** Where the service's log lines go, at LOG_LEVEL `info` (tests that read the logs); default silent. */
  logDestination?: pino.DestinationStream;
  /** The DATABASE_URL the service gets for its test database, e.g. through a proxy (database-proxy.ts); `databaseUrl` stays the database's own. */
  routeDatabase?: (databaseUrl: string) => string | Promise<string>;
  /** With `routeDatabase`: DATABASE_DIRECT_URL is the database's own URL (a pooler in between). */
  directDatabaseUrl?: boolean;
}

export async function startTestService(
  env: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<TestService> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-service-'));
  const config = loadConfig({
    ...testServiceEnv(options.routeDatabase ? await options.routeDatabase(database.url) : database.url, dataDir),
    ...(options.directDatabaseUrl && { DATABASE_DIRECT_URL: database.url }),
    ...env,
  });
  const { logLines } = options;
  const logger = logLines
    ? createLogger(
        'info',
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(JSON.parse(chunk.toString()));
            done();
          },
        }),
      )
    : options.logDestination
      ? createLogger('info', options.logDestination)
      : createLogger(process.env.LOG_LEVEL ?? 'silent');
  const service = await startService(config, logger);
  return {
    ...service,
    databaseUrl: database.url,
    async request(method, pathname, init = {}) {
      // Bytes are sent as they are (a compressed body); any other object as JSON.
      const isJson = typeof init.body === 'object' && !(init.body instanceof Uint8Array);
      const body = isJson ? JSON.stringify(init.body) : (init.body as string | Uint8Array | undefined);
      const headers = {
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      };
      const response = await fetch(`${service.url}${pathname}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      assertMatchesContract(
        method,
        new URL(pathname, 'http://x').pathname,
        response.status,
        response.headers.get('content-type'),
        text,
      );
      return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
    },
    async stop() {
      await service.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What every test service runs with unless a test says otherwise. */
function testServiceEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: testAdminApiKey,
    DATA_ADMIN_SECRET: 'test-data-admin-secret-0123456789',
    SEED: 'none',
    // One browser per test service would be wasteful; PDF tests opt in.
    PDF_PREWARM: 'false',
    // Live order books would price quotes off a moving simulator; market data tests opt in.
    MARKET_DATA: 'off',
    // The daily job would back-fill the demo history (which ends 2026-01-01) up to today; its tests opt in.
    VALUE_HISTORY: 'off',
    // The reconciliation job would read every custodian wallet behind the tests' backs; its tests opt in.
    RECONCILE_INTERVAL_SECONDS: '0',
    // The browser the run was given (`.ci/run` forces the npm-shipped one this way).
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  };
}

/**
 * Another node of a test service's database (docs/service.md#scale-out), as a second
 * process of a deployment would be: the same base settings and admin secrets, a data directory of
 * its own, silent logs; `stop` closes it and removes the directory (the database stays its first
 * node's).
 */
export async function startTestNode(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningService & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-node-'));
  const node = await startService(
    loadConfig({ ...testServiceEnv(databaseUrl, dataDir), ...env }),
    createLogger('silent'),
  );
  return {
    ...node,
    async stop() {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test service whose database is reached through a proxy that can fail on demand
 * (database-proxy.ts); `databaseUrl` stays the database's own, for checks that bypass it.
 */
export async function startProxiedTestService(
  env: Record<string, string> = {},
  options: Omit<TestServiceOptions, 'routeDatabase'> = {},
): Promise<{ service: TestService; proxy: DatabaseProxy }> {
  let proxy: DatabaseProxy | undefined;
  const service = await startTestService(env, {
    ...options,
    routeDatabase: async (url) => {
      proxy = await startDatabaseProxy(url);
      return proxy.url;
    },
  });
  return { service, proxy: proxy! };
}
