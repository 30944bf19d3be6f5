// The platform's wallets that name a custodian wallet, with what they hold, their deposit
// addresses and approved whitelist entries, sends that wait for approval and sends on their way
// (initialized, signed, unconfirmed), with the fees stored for them: what the in-process
// custody simulator adopts at start (docs/custody.md#demo-wallets-in-the-simulator). Balances come
// back as PostgreSQL writes numeric (decimal text, whole coins) with the coin's decimals. Only the
// wallets of the scope are listed (docs/identity.md#organization-scope); the adoption at start
// asks for every organization's.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

export interface CustodianWalletHoldings {
  custodianWalletId: string;
  /** Upper case, a coin.symbol. */
  coin: string;
  label: string;
  walletType: 'custodial' | 'hot' | 'smart';
  holdings: { symbol: string; balance: string; decimals: number }[];
  addresses: string[];
  whitelist: { address: string; label: string | null }[];
  /** Sends waiting for approval (transaction and approval both pending). */
  pendingSends: {
    transferId: string;
    approvalId: string;
    coin: string;
    address: string | null;
    amountBaseUnits: string;
    createdBy: string;
    approvalsRequired: number;
    approvalsReceived: number;
    /** Base units of the wallet's coin as stored (the custodian's report); null: none stored. */
    feeBaseUnits: string | null;
    /** ISO 8601, as PostgreSQL writes it in JSON. */
    createdAt: string;
  }[];
  /** Sends the custodian works on that wait for no approval, oldest first. */
  sendsOnTheirWay: {
    transferId: string;
    coin: string;
    address: string | null;
    state: 'initialized' | 'signed' | 'unconfirmed';
    amountBaseUnits: string;
    feeBaseUnits: string | null;
    txHash: string | null;
    createdAt: string;
  }[];
}

export async function listCustodianWalletHoldings(
  db: Db,
  scope: OrganizationScope,
): Promise<CustodianWalletHoldings[]> {
  const rows = await db
    .selectFrom('digital_wallet as w')
    .select([
      'w.custodian_wallet_id as custodianWalletId',
      'w.coin',
      'w.label',
      'w.wallet_type as walletType',
      sql<CustodianWalletHoldings['holdings']>`coalesce((
        SELECT json_agg(json_build_object('symbol', a.symbol, 'balance', a.balance::text, 'decimals', c.decimals) ORDER BY a.symbol)
        FROM digital_wallet_asset a JOIN coin c ON c.symbol = a.symbol WHERE a.wallet_id = w.id), '[]')`.as('holdings'),
      sql<
        string[]
      >`array(SELECT d.address FROM digital_wallet_address d WHERE d.wallet_id = w.id ORDER BY d.created_at, d.id)`.as(
        'addresses',
      ),
      sql<CustodianWalletHoldings['whitelist']>`coalesce((
        SELECT json_agg(json_build_object('address', e.address, 'label', e.label) ORDER BY e.id)
        FROM digital_wallet_whitelist_entry e WHERE e.wallet_id = w.id AND e.status = 'approved'), '[]')`.as(
        'whitelist',
      ),
      sql<CustodianWalletHoldings['pendingSends']>`coalesce((
        SELECT json_agg(json_build_object('transferId', t.transfer_id, 'approvalId', a.id, 'coin', t.coin,
          'address', t.counterparty_address, 'amountBaseUnits', t.amount_base_units::text, 'createdBy', a.created_by,
          'approvalsRequired', a.approvals_required, 'approvalsReceived', a.approvals_received,
          'feeBaseUnits', t.fee_base_units::text, 'createdAt', a.created_at) ORDER BY a.created_at, a.id)
        FROM digital_wallet_pending_approval a JOIN digital_wallet_transaction t ON t.id = a.transaction_id
        WHERE a.wallet_id = w.id AND a.state = 'pending' AND t.state = 'pendingApproval' AND t.direction = 'send'), '[]')`.as(
        'pendingSends',
      ),
      sql<CustodianWalletHoldings['sendsOnTheirWay']>`coalesce((
        SELECT json_agg(json_build_object('transferId', t.transfer_id, 'coin', t.coin, 'address', t.counterparty_address,
          'state', t.state, 'amountBaseUnits', t.amount_base_units::text, 'feeBaseUnits', t.fee_base_units::text,
          'txHash', t.tx_hash, 'createdAt', t.created_at) ORDER BY t.created_at, t.id)
        FROM digital_wallet_transaction t
        WHERE t.wallet_id = w.id AND t.direction = 'send' AND t.state IN ('initialized', 'signed', 'unconfirmed')), '[]')`.as(
        'sendsOnTheirWay',
      ),
    ])
    .where('w.custodian_wallet_id', 'is not', null)
    .where(organizationInScope(scope, 'w.organization_id'))
    .orderBy('w.id')
    .execute();
  return rows as CustodianWalletHoldings[];
}
