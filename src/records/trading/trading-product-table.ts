// The trading products OTC quotes are priced on (table trading_product; docs/trading.md#pricing),
// with the decimals of both currencies: the base's bound how finely a size may be given, the quote
// currency's are the unit a quote's total is settled in (docs/trading.md#amounts).
// Products are public market data: no principal and no permissions.yaml rule applies. This runs
// SQL, as only src/records, src/access, src/stores and src/db do (docs/architecture.md#layers).
import type { Db } from '../../db/create-database.ts';
import { currencyDecimals } from './settlement-currency.ts';

export type TradingProductStatus = 'online' | 'offline' | 'delisted';

export interface TradingProductRow {
  /** `BASE-QUOTE`, for example `BTC-USD`. */
  id: string;
  baseCurrency: string;
  quoteCurrency: string;
  status: TradingProductStatus;
  /** Decimal text as numeric(38, 18) reads back. */
  minSize: string;
  maxSize: string | null;
  /** Decimals of the base currency (settlement-currency.ts); null for one the platform does not know. */
  baseDecimals: number | null;
  /** Decimals of the quote currency, likewise. */
  quoteDecimals: number | null;
}

export function createTradingProductTable(db: Db) {
  return {
    /** The product, or null when no product has the id. */
    async findProduct(productId: string): Promise<TradingProductRow | null> {
      const row = await db
        .selectFrom('trading_product as p')
        .select([
          'p.id',
          'p.base_currency as baseCurrency',
          'p.quote_currency as quoteCurrency',
          'p.status',
          'p.min_size as minSize',
          'p.max_size as maxSize',
          currencyDecimals('p.base_currency').as('baseDecimals'),
          currencyDecimals('p.quote_currency').as('quoteDecimals'),
        ])
        .where('p.id', '=', productId)
        .executeTakeFirst();
      return (row as TradingProductRow | undefined) ?? null;
    },
  };
}

/** Ids of the products not delisted, sorted: the products market data keeps books of (docs/market-data.md). */
export async function listListedProductIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('trading_product')
    .select('id')
    .where('status', '!=', 'delisted')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export type TradingProductTable = ReturnType<typeof createTradingProductTable>;
