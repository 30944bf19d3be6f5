// The service as the HTTP benches start it (docs/benchmarks.md): demo data in a fresh data
// directory (or BENCH_DATABASE_URL), rate limits off, no PDF prewarm, silent logs, and a service
// API key with the `read` scope for POST /graphql.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.ts';
import { createApiKeyService } from '../src/domain/identity/api-key-service.ts';
import { createLogger } from '../src/observability/logger.ts';
import { startService } from '../src/composition/start-service.ts';
import { createApiKeyStore } from '../src/stores/api-key-store.ts';
import type { LoadTarget } from './load-driver.ts';

export interface BenchService {
  readonly url: string;
  /** An API key (kind `service`, scope `read`) for POST /graphql. */
  readonly apiKey: string;
  /** The data layer's URL and its admin secret (DATA_ADMIN_SECRET), for POST /v1/graphql. */
  readonly dataUrl: string;
  readonly dataAdminSecret: string;
  close(): Promise<void>;
}

const dataAdminSecret = 'bench-data-admin-secret-0123456789abcdef';

export async function startBenchService(env: Record<string, string> = {}): Promise<BenchService> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-http-'));
  const config = loadConfig({
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    SEED: 'demo',
    API_RATE_LIMIT: '0',
    GRAPHQL_COST_RATE_LIMIT: '0',
    PDF_PREWARM: 'false',
    LOG_LEVEL: 'silent',
    DATA_ADMIN_SECRET: dataAdminSecret,
    ...env,
  });
  const service = await startService(config, createLogger('silent'));
  try {
    const { secret } = await createApiKeyService({ store: createApiKeyStore(service.db) }).create({
      name: 'bench',
      kind: 'service',
      scopes: ['read'],
    });
    return {
      url: service.url,
      apiKey: secret,
      dataUrl: service.dataUrl,
      dataAdminSecret,
      close: async () => {
        await service.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Aurora, the demo organization of demo-alice (docs/demo-data.md). */
export const aurora = '11111111-0000-4000-8000-000000000001';

/**
 * The data layer's organization_admin query of bench/data-layer-bench.ts as demo-alice (her
 * organization and its wallets), with the admin secret and session headers: what the profilers
 * put under load.
 */
export function organizationAdminTarget(service: BenchService): LoadTarget {
  return {
    kind: 'http',
    url: `${service.dataUrl}/v1/graphql`,
    headers: {
      'x-data-admin-secret': service.dataAdminSecret,
      'x-data-role': 'organization_admin',
      'x-data-user-id': 'demo-alice',
      'x-data-organization-id': aurora,
    },
    body: JSON.stringify({
      query: 'query OwnWallets { organization { id name digital_wallets { id label coin usd_value } } }',
    }),
  };
}
