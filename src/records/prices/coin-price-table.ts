// The `coin` and `coin_price` tables for the price refresh (docs/providers.md#price-refresh).
// Coin prices are the same for every caller, so no principal and no permissions.yaml rule applies;
// the queries live here because only src/records, src/access, src/stores and src/db run SQL
// (docs/architecture.md#layers). Prices come back as PostgreSQL writes numeric: decimal text.
import type { Db } from '../../db/create-database.ts';

export interface CoinPriceRow {
  symbol: string;
  /** Decimal text that fits numeric(38, 18). */
  usdPrice: string;
  /** Decimal text that fits numeric(38, 2), or null. */
  marketCapUsd: string | null;
  marketCapRank: number | null;
  updatedAt: Date;
}

export interface StoredCoin {
  symbol: string;
  name: string;
  /** Null while no price was ever stored. */
  price: CoinPriceRow | null;
}

export interface CoinPriceTable {
  /** Every coin's symbol, in symbol order. */
  coinSymbols(): Promise<string[]>;
  /**
   * Inserts or updates each row, except over a stored price the source updated later (two nodes,
   * or an answer overtaken by a newer one, never move a price back). Returns the rows written.
   */
  upsert(rows: readonly CoinPriceRow[]): Promise<number>;
  /** The coin and its stored price; null when no coin has the symbol. */
  find(symbol: string): Promise<StoredCoin | null>;
}

export function createCoinPriceTable(db: Db): CoinPriceTable {
  return {
    async coinSymbols() {
      const rows = await db.selectFrom('coin').select('symbol').orderBy('symbol').execute();
      return rows.map((row) => row.symbol);
    },

    async upsert(rows) {
      if (rows.length === 0) return 0;
      const result = await db
        .insertInto('coin_price')
        .values(
          rows.map((row) => ({
            symbol: row.symbol,
            usd_price: row.usdPrice,
            market_cap_usd: row.marketCapUsd,
            market_cap_rank: row.marketCapRank,
            updated_at: row.updatedAt,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .column('symbol')
            .doUpdateSet((eb) => ({
              usd_price: eb.ref('excluded.usd_price'),
              market_cap_usd: eb.ref('excluded.market_cap_usd'),
              market_cap_rank: eb.ref('excluded.market_cap_rank'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where((eb) => eb('coin_price.updated_at', '<=', eb.ref('excluded.updated_at'))),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async find(symbol) {
      const row = await db
        .selectFrom('coin')
        .leftJoin('coin_price', 'coin_price.symbol', 'coin.symbol')
        .select([
          'coin.symbol',
          'coin.name',
          'coin_price.usd_price',
          'coin_price.market_cap_usd',
          'coin_price.market_cap_rank',
          'coin_price.updated_at',
        ])
        .where('coin.symbol', '=', symbol)
        .executeTakeFirst();
      if (!row) return null;
      const price =
        row.usd_price !== null && row.updated_at !== null
          ? {
              symbol: row.symbol,
              usdPrice: row.usd_price,
              marketCapUsd: row.market_cap_usd,
              marketCapRank: row.market_cap_rank,
              updatedAt: row.updated_at,
            }
          : null;
      return { symbol: row.symbol, name: row.name, price };
    },
  };
}
