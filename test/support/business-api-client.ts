// The business-API test client (docs/testing.md#what-a-test-gets): what every test of POST /graphql
// works with. It starts a test service (test-service.ts) pointed at the provider fakes it is given
// (provider-fakes/), or attaches to a service a test started itself; makes API keys
// (test-api-keys.ts); sends GraphQL over real HTTP with one contract (graphql-answer.ts); and reads
// the service's database. One client per test file, started once for the file.
import pg from 'pg';
import { type GraphqlAnswer, graphqlAnswer } from './graphql-answer.ts';
import type { ProviderFake } from './provider-fakes/provider-fake.ts';
import { type TestApiKey, type TestKeyMaker, testKeyMaker } from './test-api-keys.ts';
import { type TestService, type TestServiceOptions, startTestService, testAdminApiKey } from './test-service.ts';

export interface BusinessApiOptions extends TestServiceOptions {
  /** `demo` starts the service on the demo data (docs/demo-data.md); none by default. */
  seed?: 'demo' | 'none';
  /** Settings beside the test defaults and the fakes' own. */
  env?: Record<string, string>;
  /** Fakes the service is pointed at; closed after it. */
  providers?: readonly ProviderFake[];
}

/** A key a test sends: one it made, or any secret (the bootstrap admin key, a wrong one). */
export type CallerKey = TestApiKey | string;

/** How one request is sent. */
export interface GraphqlRequestOptions {
  /** The X-API-Key sent; `null` sends none. */
  key: CallerKey | null;
  /** X-Acting-User: who an admin key or a key without an owner acts for (docs/identity.md#acting-user). */
  actingUser?: string;
  headers?: Record<string, string>;
  /** `/graphql` by default; any query string sends the request past the fast lane to the Koa route. */
  path?: string;
}

export interface BusinessApiClient extends TestKeyMaker {
  readonly service: TestService;
  /** The ADMIN_API_KEY bootstrap key: an admin key bound to no organization, with no owner. */
  readonly adminKey: string;
  /** POST /graphql; the answer whatever it is, never thrown. */
  graphql(
    query: string,
    variables: Record<string, unknown> | undefined,
    options: GraphqlRequestOptions,
  ): Promise<GraphqlAnswer>;
  /** Runs one SQL statement on the service's database; its rows. */
  rows(sql: string, values?: unknown[]): Promise<any[]>;
  /**
   * Runs one SQL statement with the `records_changed` triggers of migration 0016 disabled for its
   * transaction, so no notification drops the cached results it changes: for a test that shows a
   * stored result being served (docs/caches.md#writes-from-every-path). Every other trigger (the
   * journal's projections, foreign keys) runs as usual.
   */
  unannouncedRows(sql: string, values?: unknown[]): Promise<any[]>;
  /** Stops what the client started (the service unless attached, then the fakes). */
  close(): Promise<void>;
}

export async function startBusinessApi(options: BusinessApiOptions = {}): Promise<BusinessApiClient> {
  const { seed, env, providers = [], ...serviceOptions } = options;
  const providerEnv = Object.assign({}, ...providers.map((provider) => provider.env));
  const service = await startTestService({ ...(seed ? { SEED: seed } : {}), ...providerEnv, ...env }, serviceOptions);
  return attachBusinessApi(service, {
    async stop() {
      await service.stop();
      for (const provider of providers) await provider.close();
    },
  });
}

/**
 * A client of a service the test started itself (a proxied one, other settings); `close` stops
 * only what the client holds unless `owned.stop` is given.
 */
export function attachBusinessApi(service: TestService, owned: { stop?: () => Promise<void> } = {}): BusinessApiClient {
  const keyMaker = testKeyMaker(service.db);
  let sql: Promise<pg.Client> | undefined;
  const connected = () => (sql ??= connect(service.databaseUrl));
  return {
    ...keyMaker,
    service,
    adminKey: testAdminApiKey,
    async graphql(query, variables, { key, actingUser, headers = {}, path = '/graphql' }) {
      const secret = typeof key === 'string' || key === null ? key : key.secret;
      const response = await service.request('POST', path, {
        headers: {
          ...(secret === null ? {} : { 'x-api-key': secret }),
          ...(actingUser === undefined ? {} : { 'x-acting-user': actingUser }),
          ...headers,
        },
        body: { query, ...(variables === undefined ? {} : { variables }) },
      });
      return graphqlAnswer(response);
    },
    async rows(statement, values = []) {
      return (await (await connected()).query(statement, values)).rows;
    },
    async unannouncedRows(statement, values = []) {
      const client = await connected();
      await client.query('BEGIN');
      try {
        await switchAnnouncements(client, 'DISABLE');
        const { rows } = await client.query(statement, values);
        await switchAnnouncements(client, 'ENABLE');
        await client.query('COMMIT');
        return rows;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    async close() {
      if (sql) await (await sql).end();
      await owned.stop?.();
    },
  };
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** The triggers that announce writes on `records_changed`, disabled or enabled within the caller's transaction. */
async function switchAnnouncements(client: pg.Client, to: 'DISABLE' | 'ENABLE'): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(
    `SELECT format('ALTER TABLE %s ${to} TRIGGER %I', t.tgrelid::regclass, t.tgname) AS statement
     FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE p.proname IN ('digital_wallet_records_changed', 'wallet_records_changed', 'coin_records_changed')`,
  );
  for (const { statement } of rows) await client.query(statement);
}
