// What the reconciliation with the custodian reads of the platform's books (docs/custody.md#reconciliation,
// docs/ledger.md#reconciliation): the wallets held at a custodian, and per wallet the journal's
// figures of each of its `wallet` accounts (posted = credits_posted − debits_posted; available =
// posted − debits_pending; base units as decimal text, never floats), its transfers the journal
// does not reflect yet ("behind": journaled_state IS DISTINCT FROM state, docs/ledger.md#custody-transfers;
// less those counted in an opening balance, which the journal never posts: in_opening_balance,
// docs/ledger.md#wallet-holdings) and when its transfers were last synced. Only reads; every statement applies the caller's
// organization scope (docs/identity.md#organization-scope).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

export interface CustodianHeldWallet {
  walletId: number;
  organizationId: string;
  /** The wallet's coin, a coin.symbol (upper case). */
  coin: string;
  custodianWalletId: string;
}

/** One of the wallet's journal accounts: an asset (coin.symbol) and its figures in base units. */
export interface JournalHolding {
  asset: string;
  posted: string;
  available: string;
}

/** A stored transfer the journal has not caught up with. */
export interface BehindTransfer {
  transferId: string;
  direction: 'send' | 'receive';
  coin: string;
  feeCoin: string | null;
  state: string;
  /** The state the journal last reflected; null: none yet. */
  journaledState: string | null;
  createdAt: Date;
}

export interface WalletBooks {
  holdings: JournalHolding[];
  behind: BehindTransfer[];
  lastSyncedAt: Date | null;
}

export interface CustodyReconciliationTable {
  /** The scope's wallets that name a custodian wallet, by id. */
  custodianWallets(scope: OrganizationScope): Promise<CustodianHeldWallet[]>;
  /** The wallet's journal figures, behind transfers and last sync; null when the scope does not reach it. */
  walletBooks(scope: OrganizationScope, walletId: number): Promise<WalletBooks | null>;
  /** Every coin the platform lists (coin.symbol): the coins a journal account may hold. */
  listedCoins(): Promise<string[]>;
}

export function createCustodyReconciliationTable(db: Db): CustodyReconciliationTable {
  return {
    custodianWallets: (scope) => custodianWallets(db, scope),
    walletBooks: (scope, walletId) => walletBooks(db, scope, walletId),
    async listedCoins() {
      const rows = await db.selectFrom('coin').select('symbol').orderBy('symbol').execute();
      return rows.map((row) => row.symbol);
    },
  };
}

async function custodianWallets(db: Db, scope: OrganizationScope): Promise<CustodianHeldWallet[]> {
  const rows = await db
    .selectFrom('digital_wallet as w')
    .select(['w.id as walletId', 'w.organization_id as organizationId', 'w.coin', 'w.custodian_wallet_id'])
    .where('w.custodian_wallet_id', 'is not', null)
    .where(organizationInScope(scope, 'w.organization_id'))
    .orderBy('w.id')
    .execute();
  return rows.map(({ custodian_wallet_id, ...row }) => ({ ...row, custodianWalletId: custodian_wallet_id! }));
}

interface BooksRow {
  holdings: JournalHolding[];
  behind: (Omit<BehindTransfer, 'createdAt'> & { createdAt: string })[];
  lastSyncedAt: Date | null;
}

async function walletBooks(db: Db, scope: OrganizationScope, walletId: number): Promise<WalletBooks | null> {
  const row = (await db
    .selectFrom('digital_wallet as w')
    .leftJoin('digital_wallet_transfer_sync as s', 's.wallet_id', 'w.id')
    .select([
      // Inside JSON, numeric would become a JSON number and lose digits: text it is.
      sql<JournalHolding[]>`coalesce((
        SELECT json_agg(json_build_object('asset', a.asset,
          'posted', (a.credits_posted - a.debits_posted)::text,
          'available', (a.credits_posted - a.debits_posted - a.debits_pending)::text) ORDER BY a.asset)
        FROM ledger_account a WHERE a.kind = 'wallet' AND a.wallet_id = w.id), '[]')`.as('holdings'),
      sql<BooksRow['behind']>`coalesce((
        SELECT json_agg(json_build_object('transferId', t.transfer_id, 'direction', t.direction, 'coin', t.coin,
          'feeCoin', t.fee_coin, 'state', t.state, 'journaledState', t.journaled_state, 'createdAt', t.created_at)
          ORDER BY t.created_at, t.id)
        FROM digital_wallet_transaction t
        WHERE t.wallet_id = w.id AND t.journaled_state IS DISTINCT FROM t.state AND NOT t.in_opening_balance), '[]')`.as(
        'behind',
      ),
      's.last_synced_at as lastSyncedAt',
    ])
    .where('w.id', '=', walletId)
    .where(organizationInScope(scope, 'w.organization_id'))
    .executeTakeFirst()) as BooksRow | undefined;
  if (!row) return null;
  return {
    holdings: row.holdings,
    behind: row.behind.map((transfer) => ({ ...transfer, createdAt: new Date(transfer.createdAt) })),
    lastSyncedAt: row.lastSyncedAt,
  };
}
