// What the custody mutation tests share (docs/custody.md#tests-of-the-mutations) beside the
// business-API test client and the custodian fake (test/support/provider-fakes/custody-fake.ts):
// the scopes a custody caller holds, wallets created at the custodian and linked to database
// wallets, the three mutations' documents and payloads, and the stored transfers of a wallet.
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import type { BusinessApiClient, CallerKey } from '../../support/business-api-client.ts';
import { expectData } from '../../support/graphql-answer.ts';
import type { CustodyFake } from '../../support/provider-fakes/custody-fake.ts';
import type { CustodyWallet } from '../../../src/providers/custody/custody-provider.ts';

export const organizations = demoOrganizationIds;

/** The scopes of a custody caller's key unless a test says otherwise. */
export const custodyScopes = ['custody', 'read'];

/** A Bitcoin address of the simulator's form, outside every wallet. */
export const btcDestination = `bc1q${'x'.repeat(38)}`;

/** A wallet created at the custodian through the provider, linked to a new database wallet. */
export async function linkedWallet(
  api: BusinessApiClient,
  custodian: CustodyFake,
  options: {
    organizationId: string;
    owner: string;
    coin?: string;
    approvalsRequired?: number;
    status?: 'active' | 'frozen' | 'archived';
  },
): Promise<{ walletId: number; custodian: CustodyWallet }> {
  const { organizationId, owner, coin = 'BTC', approvalsRequired = 0, status = 'active' } = options;
  const created = await custodian.client.createWallet({
    coin: coin.toLowerCase(),
    label: `test ${coin} wallet`,
    type: 'custodial',
    approvalsRequired,
  });
  const [row] = await api.rows(
    `INSERT INTO digital_wallet (organization_id, owner_user_id, label, coin, wallet_type, status, custodian_wallet_id, created_by)
     VALUES ($1, $2, $3, $4, 'custodial', $5, $6, $2) RETURNING id`,
    [organizationId, owner, created.label, coin, status, created.id],
  );
  return { walletId: row.id as number, custodian: created };
}

const transferFields =
  'id walletId txid type state coin amountBaseUnits amount usdValue feeBaseUnits feeCoin fee counterpartyAddress comment pendingApprovalId createdAt confirmedAt';
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
  api: BusinessApiClient,
  operation: keyof typeof custodyDocuments,
  key: CallerKey,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<any> {
  return expectData(await api.graphql(custodyDocuments[operation], { input }, { key, headers }))[fieldOf[operation]];
}

/** The rows of the wallet's transfers, in a stable order, as the database holds them. */
export async function storedTransfers(api: BusinessApiClient, walletId: number): Promise<Record<string, unknown>[]> {
  return api.rows(
    `SELECT transfer_id, direction, coin, amount_base_units::text AS amount, fee_base_units::text AS fee, fee_coin, state, tx_hash,
       counterparty_address, comment, sequence_id, pending_approval_id, initiated_by, created_at, confirmed_at, custodian_updated_at
     FROM digital_wallet_transaction WHERE wallet_id = $1 ORDER BY created_at, transfer_id`,
    [walletId],
  );
}
