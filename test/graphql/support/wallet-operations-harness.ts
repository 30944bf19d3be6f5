// What the wallet mutation tests share (docs/custody.md#wallet-operations): the real service on
// the demo data with CUSTODY_URL and AML_URL pointing at the custody and AML simulators served over
// loopback HTTP, so the real HTTP clients run; a custodian whose next answer to an operation can be
// made a failure, and which counts the calls it gets; API keys of each kind; a SQL client to
// read the rows; and a GraphQL helper.
import pg from 'pg';
import * as assert from 'uvu/assert';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import type { AmlProvider } from '../../../src/providers/aml/aml-provider.ts';
import { createAmlSimulator } from '../../../src/providers/aml/aml-simulator.ts';
import { serveAml } from '../../../src/providers/aml/aml-simulator-server.ts';
import type { CustodyProvider } from '../../../src/providers/custody/custody-provider.ts';
import { createCustodySimulatorHandler } from '../../../src/providers/custody/custody-simulator-server.ts';
import { createCustodySimulator, type CustodySimulator } from '../../../src/providers/custody/custody-simulator.ts';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { listen, manualClock, type ManualClock } from '../../providers/custody/support/custody-harness.ts';
import { startTestService, type TestService, type TestServiceOptions } from '../../support/test-service.ts';

export const custodyToken = 'wallet-operations-custody-token-0123456789';
export const amlKey = 'wallet-operations-aml-key-0123456789';
export const aurora = demoOrganizationIds.aurora;
export const meridian = demoOrganizationIds.meridian;

type CustodyMethod = keyof CustodyProvider;

/** The simulator behind a custodian whose next answer to a method can be made a failure. */
export interface FaultyCustodian {
  readonly simulator: CustodySimulator;
  /** The next call of the method throws the error instead (the server answers it as the custodian would). */
  failNext(method: CustodyMethod, error: Error): void;
  /** How many calls of each method the custodian got. */
  readonly calls: Record<string, number>;
  /** The custodian's last answer to each method. */
  readonly answers: Record<string, any>;
}

function faultyCustodian(simulator: CustodySimulator): FaultyCustodian & { provider: CustodyProvider } {
  const failures = new Map<string, Error>();
  const calls: Record<string, number> = {};
  const answers: Record<string, any> = {};
  const provider = Object.fromEntries(
    (Object.keys(simulator) as (keyof CustodySimulator)[])
      .filter((method) => method !== 'control')
      .map((method) => [
        method,
        async (...args: unknown[]) => {
          calls[method] = (calls[method] ?? 0) + 1;
          const failure = failures.get(method);
          failures.delete(method);
          if (failure) throw failure;
          answers[method] = await (simulator[method] as (...a: unknown[]) => Promise<unknown>)(...args);
          return answers[method];
        },
      ]),
  ) as unknown as CustodyProvider;
  return { simulator, provider, calls, answers, failNext: (method, error) => failures.set(method, error) };
}

/** The AML simulator, whose next screening can be made a failure, counting the screenings it starts. */
export interface FaultyAmlProvider {
  failNextScreening(error: Error): void;
  readonly screenings: { started: number };
}

function faultyAml(simulator: AmlProvider): FaultyAmlProvider & { provider: AmlProvider } {
  let failure: Error | undefined;
  const screenings = { started: 0 };
  const provider: AmlProvider = {
    kind: simulator.kind,
    getScreening: (id) => simulator.getScreening(id),
    async screenWallet(request) {
      const error = failure;
      failure = undefined;
      if (error) throw error;
      screenings.started += 1;
      return simulator.screenWallet(request);
    },
  };
  return { provider, screenings, failNextScreening: (error) => (failure = error) };
}

export interface WalletOperationsHarness {
  service: TestService;
  sql: pg.Client;
  custodian: FaultyCustodian;
  aml: FaultyAmlProvider;
  /** The clock of both simulators. */
  clock: ManualClock;
  keys: {
    /** An admin key owned by the platform administrator. */
    admin: string;
    /** Service keys with `read` and `wallets`, bound to Aurora (owner demo-frank) and Meridian (owner demo-grace). */
    aurora: string;
    meridian: string;
    /** Bound to Aurora, `read` only. */
    auroraReader: string;
    /** A partner key bound to Aurora holding `wallets`. */
    partner: string;
  };
  /** POST /graphql; asserts HTTP 200 and answers the body. */
  graphql(
    key: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<any>;
  /** Rows of a query, as pg answers them. */
  rows(query: string, values?: unknown[]): Promise<any[]>;
  close(): Promise<void>;
}

export async function startWalletOperations(options: TestServiceOptions = {}): Promise<WalletOperationsHarness> {
  const clock = manualClock('2026-03-02T09:00:00.000Z');
  let screeningIds = 0;
  const custodian = faultyCustodian(createCustodySimulator({ now: clock.now, seed: 'wallet-operations' }));
  const custodyServer = await listen(createCustodySimulatorHandler(custodian.provider, { accessToken: custodyToken }));
  const aml = faultyAml(
    createAmlSimulator({
      now: clock.now,
      newScreeningId: () => `00000000-0000-4000-8000-${String(++screeningIds).padStart(12, '0')}`,
    }),
  );
  const amlServer = await serveAml(aml.provider, { apiKey: amlKey });
  const service = await startTestService(
    {
      SEED: 'demo',
      CUSTODY_URL: custodyServer.url,
      CUSTODY_ACCESS_TOKEN: custodyToken,
      AML_URL: amlServer.url,
      AML_API_KEY: amlKey,
    },
    options,
  );
  const sql = new pg.Client({ connectionString: service.databaseUrl });
  await sql.connect();
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const key = async (
    kind: 'admin' | 'service' | 'partner',
    organizationId: string | null,
    scopes: string[],
    createdBy: string,
  ) => (await apiKeys.create({ name: `${kind} ${createdBy}`, kind, organizationId, scopes, createdBy })).secret;
  const keys = {
    admin: await key('admin', null, [], 'demo-admin'),
    aurora: await key('service', aurora, ['read', 'wallets'], 'demo-frank'),
    meridian: await key('service', meridian, ['read', 'wallets'], 'demo-grace'),
    auroraReader: await key('service', aurora, ['read'], 'demo-alice'),
    partner: await key('partner', aurora, ['wallets'], 'demo-alice'),
  };
  return {
    service,
    sql,
    custodian,
    aml,
    clock,
    keys,
    async graphql(apiKey, query, variables = {}, headers = {}) {
      const response = await service.request('POST', '/graphql', {
        headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers },
        body: { query, variables },
      });
      if (apiKey) assert.is(response.status, 200, response.text);
      return response.json();
    },
    async rows(query, values = []) {
      return (await sql.query(query, values)).rows;
    },
    async close() {
      await sql.end();
      await service.stop();
      await custodyServer.close();
      await amlServer.close();
    },
  };
}

/** A demo wallet's id by its label. */
export async function demoWalletId(harness: WalletOperationsHarness, label: string): Promise<number> {
  const [row] = await harness.rows('SELECT id FROM digital_wallet WHERE label = $1', [label]);
  if (!row) throw new Error(`no demo wallet labelled ${label}`);
  return row.id;
}
