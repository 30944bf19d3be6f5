// One wallet with its holdings (with their stored USD values, docs/valuation.md#one-valuation) and
// the current coin prices, for the business API's wallet summary (schema.graphql
// DigitalWalletSummary; the detail view reads the same two sets through wallet-detail-table.ts).
// Each statement reads only within the caller's organization scope
// (docs/identity.md#organization-scope): a wallet of another organization is read as a missing
// one. Numbers come back as PostgreSQL writes numeric: decimal text.
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';
import { walletInScope } from './wallet-in-scope.ts';

export interface WalletRow {
  id: number;
  label: string;
  /** As the CHECK constraints of migration 0001 allow. */
  walletType: 'custodial' | 'hot' | 'smart';
  status: 'active' | 'frozen' | 'archived';
  coin: string;
  organizationId: string;
  ownerUserId: string | null;
  createdAt: Date;
}

export interface HoldingRow {
  symbol: string;
  name: string;
  decimals: number;
  /** Whole units, decimal text. */
  balance: string;
  /** What the wallet may still send: the balance less what pending sends hold (docs/ledger.md#wallet-holdings). */
  availableBalance: string;
  /** `digital_wallet_asset.usd_value`: balance × `usdPrice` rounded to cents (docs/valuation.md#the-rounding-rule). */
  usdValue: string;
  /** USD per whole unit from coin_price; null when the coin has no price. */
  usdPrice: string | null;
  priceUpdatedAt: Date | null;
}

/** The wallet's row; undefined when there is none in the scope. */
export async function readWalletRow(
  db: Db,
  scope: OrganizationScope,
  walletId: number,
): Promise<WalletRow | undefined> {
  const wallet = await db
    .selectFrom('digital_wallet as w')
    .select([
      'w.id',
      'w.label',
      'w.wallet_type as walletType',
      'w.status',
      'w.coin',
      'w.organization_id as organizationId',
      'w.owner_user_id as ownerUserId',
      'w.created_at as createdAt',
    ])
    .where('w.id', '=', walletId)
    .where(organizationInScope(scope, 'w.organization_id'))
    .executeTakeFirst();
  return wallet as WalletRow | undefined;
}

/** The wallet's holdings by symbol, with the coin's price where it has one; none for a wallet outside the scope. */
export function readHoldingRows(db: Db, scope: OrganizationScope, walletId: number): Promise<HoldingRow[]> {
  return db
    .selectFrom('digital_wallet_asset as a')
    .innerJoin('coin as c', 'c.symbol', 'a.symbol')
    .leftJoin('coin_price as p', 'p.symbol', 'a.symbol')
    .select([
      'a.symbol',
      'c.name',
      'c.decimals',
      (eb) => eb.cast<string>('a.balance', 'text').as('balance'),
      (eb) => eb.cast<string>('a.available_balance', 'text').as('availableBalance'),
      (eb) => eb.cast<string>('a.usd_value', 'text').as('usdValue'),
      (eb) => eb.cast<string | null>('p.usd_price', 'text').as('usdPrice'),
      'p.updated_at as priceUpdatedAt',
    ])
    .where('a.wallet_id', '=', walletId)
    .where(walletInScope(scope, 'a.wallet_id'))
    .orderBy('a.symbol')
    .execute();
}

export function createWalletSummaryTable(db: Db) {
  return {
    /** The wallet and its holdings; null when there is no such wallet in the scope. */
    async find(
      scope: OrganizationScope,
      walletId: number,
    ): Promise<{ wallet: WalletRow; holdings: HoldingRow[] } | null> {
      const wallet = await readWalletRow(db, scope, walletId);
      if (!wallet) return null;
      return { wallet, holdings: await readHoldingRows(db, scope, walletId) };
    },
  };
}

export type WalletSummaryTable = ReturnType<typeof createWalletSummaryTable>;
