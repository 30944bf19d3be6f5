// What the KYC tests share (docs/kyc.md): the real service on the demo data with a known KYC data
// key ring and webhook secret, KYC_URL pointing at the KYC simulator served over loopback HTTP (so
// the real signed HTTP client runs), whose applicants a test sets; API keys of every caller kind;
// a SQL client; and a GraphQL helper.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import type { KycApplicant } from '../../../src/providers/kyc/kyc-applicant.ts';
import { createKycSimulator } from '../../../src/providers/kyc/kyc-simulator.ts';
import { serveKycSimulator } from '../../../src/providers/kyc/kyc-simulator-server.ts';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import {
  startTestService,
  type TestService,
  type TestServiceOptions,
  testAdminApiKey,
} from '../../support/test-service.ts';

export const aurora = demoOrganizationIds.aurora;
export const meridian = demoOrganizationIds.meridian;
export const northbridge = demoOrganizationIds.northbridge;
export const kycAppToken = 'kyc-harness-app-token';
export const kycSecretKey = 'kyc-harness-secret-key-0123456789';
export const webhookSecret = 'kyc-harness-webhook-secret-0123456789';

/** A data key: a fresh random 32-byte key with an id. */
export function dataKey(id: string): { id: string; secret: string; entry: string } {
  const secret = randomBytes(32).toString('base64');
  return { id, secret, entry: `${id}:${secret}` };
}

/** The demo KYC profile `n` (src/db/seed/demo-ids.ts). */
export const profileId = (n: number) => `77777777-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface KycHarness {
  service: TestService;
  sql: pg.Client;
  /** The applicants the KYC simulator holds, by applicant id; set them before sending a webhook. */
  applicants: Map<string, KycApplicant>;
  keys: {
    /** The bootstrap admin key: every scope, no owner (name the acting user). */
    admin: string;
    /** Bound to Aurora, `kyc` and `kyc-decrypt`, owned by demo-alice. */
    aurora: string;
    /** Bound to Aurora, `kyc` only, owned by demo-alice. */
    auroraNoDecrypt: string;
    /** Bound to Meridian, `kyc` and `kyc-decrypt`, owned by demo-grace. */
    meridian: string;
    /** A partner key bound to Aurora holding `kyc` and `kyc-decrypt`. */
    partner: string;
    /** Bound to Aurora, `read` only. */
    noScope: string;
  };
  /** A service key bound to `organizationId` with `scopes`, owned by `owner`. */
  createKey(organizationId: string, scopes: string[], owner: string | null): Promise<string>;
  /** POST /graphql; asserts HTTP 200 and answers the body. */
  graphql(
    key: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<any>;
  rows(query: string, values?: unknown[]): Promise<any[]>;
  close(): Promise<void>;
}

export async function startKycHarness(
  env: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<KycHarness> {
  const applicants = new Map<string, KycApplicant>();
  const provider = await serveKycSimulator(createKycSimulator({ applicants }), {
    appToken: kycAppToken,
    secretKey: kycSecretKey,
  });
  const service = await startTestService(
    {
      SEED: 'demo',
      KYC_URL: provider.url,
      KYC_APP_TOKEN: kycAppToken,
      KYC_SECRET_KEY: kycSecretKey,
      KYC_WEBHOOK_SECRET: webhookSecret,
      ...env,
    },
    options,
  );
  const sql = new pg.Client({ connectionString: service.databaseUrl });
  await sql.connect();
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const key = async (kind: 'service' | 'partner', organizationId: string, scopes: string[], createdBy: string | null) =>
    (await apiKeys.create({ name: `kyc ${kind} ${scopes.join(',')}`, kind, organizationId, scopes, createdBy })).secret;
  const keys = {
    admin: testAdminApiKey,
    aurora: await key('service', aurora, ['kyc', 'kyc-decrypt'], 'demo-alice'),
    auroraNoDecrypt: await key('service', aurora, ['kyc'], 'demo-alice'),
    meridian: await key('service', meridian, ['kyc', 'kyc-decrypt'], 'demo-grace'),
    partner: await key('partner', aurora, ['kyc', 'kyc-decrypt'], 'demo-alice'),
    noScope: await key('service', aurora, ['read'], 'demo-alice'),
  };
  return {
    service,
    sql,
    applicants,
    keys,
    createKey: (organizationId, scopes, owner) => key('service', organizationId, scopes, owner),
    async graphql(apiKey, query, variables, headers = {}) {
      const response = await service.request('POST', '/graphql', {
        headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers },
        body: { query, ...(variables ? { variables } : {}) },
      });
      assert.is(response.status, apiKey ? 200 : 401, response.text);
      return response.json();
    },
    async rows(query, values = []) {
      return (await sql.query(query, values)).rows;
    },
    async close() {
      await sql.end();
      await service.stop();
      await provider.close();
    },
  };
}
