// What the custody mutation tests share (docs/custody.md#tests-of-the-mutations): the custody
// simulator served over loopback HTTP, the service on the demo data with CUSTODY_URL pointing at it
// (so the real HTTP client runs), the simulator's control for the custodian's side, a fault switch
// that makes the custodian answer one matching request with an error, API keys, wallets created at
// the custodian through the provider and linked to database wallets, and GraphQL calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { createApiKeyService } from '../../src/domain/identity/api-key-service.ts';
import type { ApiKeyKind } from '../../src/access/principal.ts';
import { demoOrganizationIds } from '../../src/db/seed/demo-organizations.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { createCustodyHttpClient } from '../../src/providers/custody/custody-http-client.ts';
import type { CustodyProvider, CustodyWallet } from '../../src/providers/custody/custody-provider.ts';
import { createCustodySimulatorHandler } from '../../src/providers/custody/custody-simulator-server.ts';
import { createCustodySimulator, type CustodySimulator } from '../../src/providers/custody/custody-simulator.ts';
import { createApiKeyStore } from '../../src/stores/api-key-store.ts';
import { listen, testAccessToken } from '../providers/custody/support/custody-harness.ts';
import { startTestService, type TestService } from './test-service.ts';

export const organizations = demoOrganizationIds;

/** A Bitcoin address of the simulator's form, outside every wallet. */
export const btcDestination = `bc1q${'x'.repeat(38)}`;

export interface GraphqlAnswer {
  status: number;
  body: any;
}

export interface CustodyTestBed {
  service: TestService;
  /** The custodian, for its control moves (deposits, confirmations) and to read its books. */
  simulator: CustodySimulator;
  /** The HTTP client to the same custodian, as the service uses it. */
  custody: CustodyProvider;
  sql: pg.Client;
  /** The next custodian request `matches` accepts is answered `status` with an error body. */
  failNext(matches: (method: string, url: URL) => boolean, status?: number): void;
  key(options: {
    organizationId?: string | null;
    owner?: string | null;
    scopes?: string[];
    kind?: ApiKeyKind;
  }): Promise<{
    secret: string;
    id: string;
  }>;
  /** A wallet created at the custodian through the provider, linked to a new database wallet. */
  linkedWallet(options: {
    organizationId: string;
    owner: string;
    coin?: string;
    approvalsRequired?: number;
    status?: 'active' | 'frozen' | 'archived';
  }): Promise<{ walletId: number; custodian: CustodyWallet }>;
  graphql(
    apiKey: string | null,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphqlAnswer>;
  stop(): Promise<void>;
}

export async function startCustodyTestBed(): Promise<CustodyTestBed> {
  const simulator = createCustodySimulator();
  const simulatorHandler = createCustodySimulatorHandler(simulator, { accessToken: testAccessToken });
  const faults: { matches: (method: string, url: URL) => boolean; status: number }[] = [];
  const server = await listen((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://custodian');
    const fault = faults.find((candidate) => candidate.matches(request.method ?? '', url));
    if (!fault) return simulatorHandler(request, response);
    faults.splice(faults.indexOf(fault), 1);
    response.writeHead(fault.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'injected failure', name: 'ServiceUnavailable', requestId: 'test' }));
  });
  const service = await startTestService({
    SEED: 'demo',
    CUSTODY_URL: server.url,
    CUSTODY_ACCESS_TOKEN: testAccessToken,
  });
  const custody = createCustodyHttpClient({
    url: server.url,
    accessToken: testAccessToken,
    logger: createLogger('silent'),
  });
  const sql = new pg.Client({ connectionString: service.databaseUrl });
  await sql.connect();
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  let keys = 0;
  return {
    service,
    simulator,
    custody,
    sql,
    failNext(matches, status = 503) {
      faults.push({ matches, status });
    },
    async key({ organizationId = null, owner = null, scopes = ['custody', 'read'], kind = 'service' }) {
      keys += 1;
      const created = await apiKeys.create({
        name: `custody test ${keys}`,
        kind,
        organizationId,
        scopes,
        createdBy: owner,
      });
      return { secret: created.secret, id: created.key.id };
    },
    async linkedWallet({ organizationId, owner, coin = 'BTC', approvalsRequired = 0, status = 'active' }) {
      const custodian = await custody.createWallet({
        coin: coin.toLowerCase(),
        label: `test ${coin} wallet`,
        type: 'custodial',
        approvalsRequired,
      });
      const { rows } = await sql.query(
        `INSERT INTO digital_wallet (organization_id, owner_user_id, label, coin, wallet_type, status, custodian_wallet_id, created_by)
         VALUES ($1, $2, $3, $4, 'custodial', $5, $6, $2) RETURNING id`,
        [organizationId, owner, custodian.label, coin, status, custodian.id],
      );
      return { walletId: rows[0].id as number, custodian };
    },
    async graphql(apiKey, query, variables = {}, headers = {}) {
      const response = await service.request('POST', '/graphql', {
        headers: { ...(apiKey === null ? {} : { 'x-api-key': apiKey }), ...headers },
        body: { query, variables },
      });
      return { status: response.status, body: response.json() };
    },
    async stop() {
      await sql.end();
      await service.stop();
      await server.close();
    },
  };
}

const transferFields =
  'id walletId txid type state coin amountBaseUnits amount usdValue feeBaseUnits counterpartyAddress comment pendingApprovalId createdAt confirmedAt';
const approvalFields = `id walletId kind state approvalsRequired approvalsReceived createdByUserId decidedByUserId transfer { ${transferFields} } whitelistEntry { id } createdAt resolvedAt`;

export const custodyDocuments = {
  send: `mutation Send($input: BitgoSendTransactionInput!) {
    bitgoSendTransaction(input: $input) {
      success errors { code message field } outcome transfer { ${transferFields} } pendingApproval { ${approvalFields} }
    }
  }`,
  resolve: `mutation Resolve($input: BitgoResolveApprovalInput!) {
    bitgoResolveApproval(input: $input) {
      success errors { code message field } pendingApproval { ${approvalFields} } transfer { ${transferFields} }
    }
  }`,
  sync: `mutation Sync($input: BitgoSyncWalletTransactionsInput!) {
    bitgoSyncWalletTransactions(input: $input) {
      success errors { code message field } sync { walletId syncedCount insertedCount updatedCount nextCursor syncedAt }
    }
  }`,
} as const;

const fieldOf = { send: 'bitgoSendTransaction', resolve: 'bitgoResolveApproval', sync: 'bitgoSyncWalletTransactions' };

/** The payload of one custody mutation; a GraphQL error instead fails with the answer. */
export async function custodyMutation(
  bed: CustodyTestBed,
  operation: keyof typeof custodyDocuments,
  apiKey: string,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<any> {
  const answer = await bed.graphql(apiKey, custodyDocuments[operation], { input }, headers);
  if (answer.status !== 200 || answer.body.errors) throw new Error(`unexpected answer: ${JSON.stringify(answer)}`);
  return answer.body.data[fieldOf[operation]];
}

/** The rows of the wallet's transfers, in a stable order, as the database holds them. */
export async function storedTransfers(bed: CustodyTestBed, walletId: number): Promise<Record<string, unknown>[]> {
  const { rows } = await bed.sql.query(
    `SELECT transfer_id, direction, coin, amount_base_units::text AS amount, fee_base_units::text AS fee, state, tx_hash,
       counterparty_address, comment, sequence_id, pending_approval_id, initiated_by, created_at, confirmed_at, custodian_updated_at
     FROM digital_wallet_transaction WHERE wallet_id = $1 ORDER BY created_at, transfer_id`,
    [walletId],
  );
  return rows;
}
