// The service as the HTTP benches measure it (docs/benchmarks.md#how-the-http-benches-run): its
// own process started by `npm start` in this checkout, in a fresh data directory on the embedded
// PostgreSQL with the demo data, with the settings `changedSettings` lists (each one reported), and
// an API key of each credential kind made by the operator command (`npm run admin -- api-keys create`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadLocalSecrets } from '../src/config/local-secrets.ts';
import { demoOrganizationIds } from '../src/db/seed/demo-organizations.ts';
import { freePort } from '../test/support/free-port.ts';
import { findGroupMember } from './process-cpu.ts';
import { spawnNpmStart, stopGroup, untilReady } from './service-process.ts';

/** The credentials a client of the business API holds (docs/identity.md#api-keys). */
export const credentialKinds = [
  'admin key',
  'service key (read)',
  'organization key (read, owner demo-alice)',
] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export interface NpmStartService {
  readonly url: string;
  readonly dataUrl: string;
  /** The node process that serves (below npm and its shell): its CPU time is the service's. */
  readonly pid: number;
  readonly keys: Readonly<Record<CredentialKind, string>>;
  readonly dataAdminSecret: string;
  /** The database's URL (the embedded server's by default), for benches that add rows or read its backends' CPU. */
  readonly databaseUrl: string;
  close(): Promise<void>;
}

const repo = path.resolve(import.meta.dirname, '..');
const adminKey = 'wpk_0123456789ab_bench-admin-key-0123456789abcdefghijklmnopqr';
/** The data layer's admin secret of every service a bench starts (DATA_ADMIN_SECRET). */
export const dataAdminSecret = 'bench-data-admin-secret-0123456789abcdef';

/**
 * What the benches change from `npm start`'s defaults, each reported: one address sends all the
 * load, so the per-address limits are off; no access line per request (the log's own cost); no
 * browser launched for PDFs, which no measured request uses.
 */
export const changedSettings: Readonly<Record<string, string>> = {
  API_RATE_LIMIT: '0',
  GRAPHQL_COST_RATE_LIMIT: '0',
  LOG_LEVEL: 'silent',
  PDF_PREWARM: 'false',
};

/**
 * Where a bench's `npm start` runs, in `checkout` or another (bench/money-latency-bench.ts starts an
 * older commit too): its own ports and data directory, and the bench's admin key and data-layer secret.
 */
export function benchServiceEnvironment(
  dataDir: string,
  ports: { port: number; dataPort: number },
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(ports.port),
    DATA_PORT: String(ports.dataPort),
    PUBLIC_URL: `http://127.0.0.1:${ports.port}`,
    DATA_PUBLIC_URL: `http://127.0.0.1:${ports.dataPort}`,
    ADMIN_API_KEY: adminKey,
    DATA_ADMIN_SECRET: dataAdminSecret,
  };
}

/** `databaseUrl`: an external server (seeded with the demo data) instead of the embedded one. */
export async function startNpmStartService(
  options: { env?: Record<string, string>; pin?: readonly string[]; databaseUrl?: string | undefined } = {},
): Promise<NpmStartService> {
  const [port, dataPort, databasePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-service-'));
  // Written before the service starts, so the embedded server's password is known here too.
  const password = loadLocalSecrets(dataDir).secrets.embeddedPostgresPassword;
  const env = {
    ...benchServiceEnvironment(dataDir, { port, dataPort }),
    ...(options.databaseUrl
      ? { DATABASE_URL: options.databaseUrl, SEED: 'demo' }
      : { EMBEDDED_POSTGRES_PORT: String(databasePort) }),
    ...changedSettings,
    ...options.env,
  };
  const child = spawnNpmStart(repo, env, 'inherit', options.pin);
  const close = async () => {
    await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilReady(child, `http://127.0.0.1:${port}/readyz`);
    const pid = findGroupMember(child.pid!, 'start-from-bundle.js');
    if (pid === null) throw new Error('no node process of npm start found in its process group');
    return {
      url: `http://127.0.0.1:${port}`,
      dataUrl: `http://127.0.0.1:${dataPort}`,
      pid,
      keys: {
        'admin key': adminKey,
        'service key (read)': createApiKey(repo, env, 'bench', ['--kind', 'service', '--scope', 'read']),
        'organization key (read, owner demo-alice)': createApiKey(repo, env, 'bench', [
          '--kind',
          'service',
          '--organization',
          demoOrganizationIds.aurora,
          '--owner',
          'demo-alice',
          '--scope',
          'read',
        ]),
      },
      dataAdminSecret,
      databaseUrl:
        options.databaseUrl ?? `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/postgres`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A key made by the `npm run admin -- api-keys create` of `checkout` against the database of the
 * service started with `env`, as an operator makes one; `options` are the command's (kind, scopes…).
 */
export function createApiKey(checkout: string, env: Record<string, string>, name: string, options: string[]): string {
  const output = execFileSync(
    'npm',
    ['run', '--silent', 'admin', '--', 'api-keys', 'create', '--name', name, ...options],
    {
      cwd: checkout,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const secret = /wpk_[A-Za-z0-9_-]+/.exec(output.split('secret')[1] ?? '')?.[0];
  if (!secret) throw new Error(`no secret in the output of api-keys create: ${output}`);
  return secret;
}
