// One version of permissions.yaml served by the real data layer (createDataLayer, the listener the
// service mounts on DATA_PORT) on a loopback port, for replaying the diff's witnesses over HTTP
// (docs/access-review.md#how-diff-is-tested). The rules are the version's compiled model and
// CASL rules (createDataLayerRules); callers authenticate with the admin secret, X-Data-Role and
// X-Data-* headers, so the bearer path gets a token service that refuses every token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createDataLayerRules,
  type CompiledPermissionRules,
} from '../../../src/records/data-layer-sql/data-layer-rules.ts';
import { createDataQueryExecutor } from '../../../src/records/data-layer-sql/data-query-executor.ts';
import { createDataLayer } from '../../../src/data-layer/create-data-layer.ts';
import type { WitnessDatabase } from './witness-database.ts';
import { platformAudiences, TokenRejected, type PlatformTokens } from '../../../src/domain/identity/platform-tokens.ts';
import { createLogger } from '../../../src/observability/logger.ts';

export const replayAdminSecret = 'replay-admin-secret-0123456789abcdef';

export interface GraphqlAnswer {
  readonly status: number;
  readonly body: {
    data?: Record<string, any>;
    errors?: { message: string; extensions: { code: string; path: string } }[];
  };
}

export interface VersionServer {
  readonly url: string;
  post(query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<GraphqlAnswer>;
  close(): Promise<void>;
}

const noTokens: PlatformTokens = {
  issuer: 'http://127.0.0.1/replay',
  audiences: platformAudiences('http://127.0.0.1/replay', 'http://127.0.0.1/replay-data'),
  issue: async () => {
    throw new Error('the replay issues no tokens');
  },
  verify: async () => {
    throw new TokenRejected('the replay accepts no tokens');
  },
};

export async function startVersionServer(
  database: Pick<WitnessDatabase, 'db' | 'statements'>,
  compiled: CompiledPermissionRules,
): Promise<VersionServer> {
  const rules = createDataLayerRules(compiled);
  const listener = createDataLayer({
    queries: createDataQueryExecutor(database, { rules }),
    adminSecret: replayAdminSecret,
    tokens: noTokens,
    sessions: { findById: async () => null },
    dataPublicUrl: 'http://127.0.0.1/replay-data',
    logger: createLogger('silent'),
    rules,
  });
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async post(query, variables, headers) {
      const response = await fetch(`${url}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: JSON.parse(await response.text()) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
