// One wallet with its holdings and the current coin prices, for the business API's wallet
// summary (schema.graphql DigitalWalletSummary; the detail view reads the same two sets through
// wallet-detail-table.ts). The organization check is the caller's
// (src/domain/wallets/wallet-summary-service.ts); this reads rows, as only src/access,
// src/stores and src/db run SQL (docs/architecture.md#layers). Numbers come back as PostgreSQL
// writes numeric: decimal text.
import type { Db } from '../../db/create-database.ts';

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
  /** USD per whole unit from coin_price; null when the coin has no price. */
  usdPrice: string | null;
  priceUpdatedAt: Date | null;
}

/** The wallet's row; undefined when there is none. */
export async function readWalletRow(db: Db, walletId: number): Promise<WalletRow | undefined> {
  const wallet = await db
    .selectFrom('digital_wallet')
    .select([
      'id',
      'label',
      'wallet_type as walletType',
      'status',
      'coin',
      'organization_id as organizationId',
      'owner_user_id as ownerUserId',
      'created_at as createdAt',
    ])
    .where('id', '=', walletId)
    .executeTakeFirst();
  return wallet as WalletRow | undefined;
}

/** The wallet's holdings by symbol, with the coin's price where it has one. */
export function readHoldingRows(db: Db, walletId: number): Promise<HoldingRow[]> {
  return db
    .selectFrom('digital_wallet_asset as a')
    .innerJoin('coin as c', 'c.symbol', 'a.symbol')
    .leftJoin('coin_price as p', 'p.symbol', 'a.symbol')
    .select([
      'a.symbol',
      'c.name',
      'c.decimals',
      (eb) => eb.cast<string>('a.balance', 'text').as('balance'),
      (eb) => eb.cast<string | null>('p.usd_price', 'text').as('usdPrice'),
      'p.updated_at as priceUpdatedAt',
    ])
    .where('a.wallet_id', '=', walletId)
    .orderBy('a.symbol')
    .execute();
}

export function createWalletSummaryTable(db: Db) {
  return {
    async find(walletId: number): Promise<{ wallet: WalletRow; holdings: HoldingRow[] } | null> {
      const wallet = await readWalletRow(db, walletId);
      if (!wallet) return null;
      return { wallet, holdings: await readHoldingRows(db, walletId) };
    },
  };
}

export type WalletSummaryTable = ReturnType<typeof createWalletSummaryTable>;
