// What the fund request and document mutation tests share (docs/funds.md, docs/documents.md): the
// real service on the demo data, API keys of every kind a business API call may come with (an
// admin key bound to none, service keys bound to each demo organization holding the scope under
// test, one without it, a partner key), a GraphQL helper over real HTTP, and a SQL client.
import pg from 'pg';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { startTestService, type TestService } from '../../support/test-service.ts';

export const { aurora, meridian, northbridge } = demoOrganizationIds;

export interface BusinessApiHarness {
  service: TestService;
  keys: {
    /** An admin key bound to no organization, owned by the platform administrator. */
    admin: string;
    /** Service keys holding the scope, bound to Aurora (owner demo-alice), Meridian (demo-grace), Northbridge (demo-olivia). */
    aurora: string;
    meridian: string;
    northbridge: string;
    /** Bound to Aurora, holding every business scope but the one under test. */
    auroraWithoutScope: string;
    /** A partner key bound to Aurora holding the scope. */
    partner: string;
  };
  /** The api_key.id of each key, as audit_log.actor_api_key_id records it. */
  keyIds: Record<string, string>;
  /** POST /graphql; the HTTP status and the parsed body. */
  graphql(
    key: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  rows(query: string, values?: unknown[]): Promise<any[]>;
  close(): Promise<void>;
}

const businessScopes = ['read', 'wallets', 'custody', 'trading', 'kyc', 'funds', 'documents'];

export async function startBusinessApi(scope: string, env: Record<string, string> = {}): Promise<BusinessApiHarness> {
  const service = await startTestService({ SEED: 'demo', ...env });
  const sql = new pg.Client({ connectionString: service.databaseUrl });
  await sql.connect();
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const keyIds: Record<string, string> = {};
  const key = async (
    kind: 'admin' | 'service' | 'partner',
    organizationId: string | null,
    scopes: string[],
    createdBy: string,
  ) => {
    const created = await apiKeys.create({ name: `${kind} ${createdBy}`, kind, organizationId, scopes, createdBy });
    keyIds[created.secret] = created.key.id;
    return created.secret;
  };
  const keys = {
    admin: await key('admin', null, [], 'demo-admin'),
    aurora: await key('service', aurora, [scope], 'demo-alice'),
    meridian: await key('service', meridian, [scope], 'demo-grace'),
    northbridge: await key('service', northbridge, [scope], 'demo-olivia'),
    auroraWithoutScope: await key(
      'service',
      aurora,
      businessScopes.filter((each) => each !== scope),
      'demo-alice',
    ),
    partner: await key('partner', aurora, [scope], 'demo-alice'),
  };
  return {
    service,
    keys,
    keyIds: Object.fromEntries(Object.entries(keys).map(([name, secret]) => [name, keyIds[secret]!])),
    async graphql(apiKey, query, variables = {}, headers = {}) {
      const response = await service.request('POST', '/graphql', {
        headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers },
        body: { query, variables },
      });
      return { status: response.status, body: response.json(), headers: response.headers };
    },
    async rows(query, values = []) {
      return (await sql.query(query, values)).rows;
    },
    async close() {
      await sql.end();
      await service.stop();
    },
  };
}
