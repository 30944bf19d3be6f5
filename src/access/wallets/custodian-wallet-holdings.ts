// The platform's wallets that name a custodian wallet, with what they hold, their deposit
// addresses and approved whitelist entries, and sends that wait for approval: what the in-process
// custody simulator adopts at start (docs/custody.md#demo-wallets-in-the-simulator). Balances come
// back as PostgreSQL writes numeric (decimal text, whole coins) with the coin's decimals. Only the
// wallets of the scope are listed (docs/identity.md#organization-scope); the adoption at start
// asks for every organization's.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

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
    /** ISO 8601, as PostgreSQL writes it in JSON. */
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
          'createdAt', a.created_at) ORDER BY a.created_at, a.id)
        FROM digital_wallet_pending_approval a JOIN digital_wallet_transaction t ON t.id = a.transaction_id
        WHERE a.wallet_id = w.id AND a.state = 'pending' AND t.state = 'pendingApproval' AND t.direction = 'send'), '[]')`.as(
        'pendingSends',
      ),
    ])
    .where('w.custodian_wallet_id', 'is not', null)
    .where(organizationInScope(scope, 'w.organization_id'))
    .orderBy('w.id')
    .execute();
  return rows as CustodianWalletHoldings[];
}
