// The rows of OTC quotes (table otc_quote; docs/trading.md#quotes): a quote with the trade that
// executed it, a new quote, a re-pricing and the move to `expired`. The organization check is the
// caller's (src/domain/trading/); this runs SQL, as only src/access, src/stores and src/db do
// (docs/architecture.md#layers). Every change of a live quote is one conditional UPDATE that
// names the state it expects (`pending`, not expired at `now`), so two requests racing on one
// quote cannot both change it: PostgreSQL locks the row, and the second re-reads it after the
// first commits and finds the condition no longer true.
import type { Db } from '../../db/create-database.ts';

export type OtcSide = 'BUY' | 'SELL';
export type StoredQuoteStatus = 'pending' | 'accepted' | 'expired' | 'cancelled';

export interface OtcQuoteRow {
  id: string;
  organizationId: string;
  /** The user who requested the quote (app_user.id). */
  userId: string;
  productId: string | null;
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  /** Decimal text as numeric reads back (all its places). */
  quoteSize: string;
  quoteFeePerc: string;
  exchangeRate: string;
  total: string;
  /** As stored: a pending quote whose expiresAt has passed is still `pending` here. */
  status: StoredQuoteStatus;
  expiresAt: Date;
  createdAt: Date;
  /** The trade that executed the quote; null unless accepted. */
  tradeId: string | null;
}

/** The price of a quote: what pricing decides and a re-pricing replaces. */
export interface QuotePrice {
  exchangeRate: string;
  quoteFeePerc: string;
  total: string;
  expiresAt: Date;
}

export interface NewOtcQuote extends QuotePrice {
  organizationId: string;
  userId: string;
  productId: string;
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  quoteSize: string;
  createdAt: Date;
}

const quoteColumns = [
  'q.id',
  'q.organization_id as organizationId',
  'q.user_id as userId',
  'q.product_id as productId',
  'q.from_currency as fromCurrency',
  'q.to_currency as toCurrency',
  'q.side',
  'q.quote_size as quoteSize',
  'q.quote_fee_perc as quoteFeePerc',
  'q.exchange_rate as exchangeRate',
  'q.total',
  'q.status',
  'q.expires_at as expiresAt',
  'q.created_at as createdAt',
  't.id as tradeId',
] as const;

export function createOtcQuoteTable(db: Db) {
  const findQuote = async (quoteId: string): Promise<OtcQuoteRow | null> => {
    const row = await db
      .selectFrom('otc_quote as q')
      .leftJoin('otc_trade as t', 't.quote_id', 'q.id')
      .select(quoteColumns)
      .where('q.id', '=', quoteId)
      .executeTakeFirst();
    return (row as OtcQuoteRow | undefined) ?? null;
  };

  return {
    findQuote,

    async organizationExists(organizationId: string): Promise<boolean> {
      const row = await db.selectFrom('organization').select('id').where('id', '=', organizationId).executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a new pending quote and reads it back. */
    async insertQuote(quote: NewOtcQuote): Promise<OtcQuoteRow> {
      const { id } = await db
        .insertInto('otc_quote')
        .values({
          organization_id: quote.organizationId,
          user_id: quote.userId,
          product_id: quote.productId,
          from_currency: quote.fromCurrency,
          to_currency: quote.toCurrency,
          side: quote.side,
          quote_size: quote.quoteSize,
          quote_fee_perc: quote.quoteFeePerc,
          exchange_rate: quote.exchangeRate,
          total: quote.total,
          status: 'pending',
          expires_at: quote.expiresAt,
          created_at: quote.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await findQuote(id);
      if (!stored) throw new Error(`OTC quote ${id} was stored but cannot be read back`);
      return stored;
    },

    /**
     * Gives a quote that is still pending and unexpired at `now` its new price and expiry; null
     * when it no longer is (traded, cancelled or expired meanwhile), and then nothing changed.
     */
    async repriceQuote(quoteId: string, price: QuotePrice, now: Date): Promise<OtcQuoteRow | null> {
      const updated = await db
        .updateTable('otc_quote')
        .set({
          exchange_rate: price.exchangeRate,
          quote_fee_perc: price.quoteFeePerc,
          total: price.total,
          expires_at: price.expiresAt,
        })
        .where('id', '=', quoteId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return updated ? findQuote(quoteId) : null;
    },

    /** Records `expired` on a pending quote whose expiry is not after `now`; any other quote is left alone. */
    async markExpired(quoteId: string, now: Date): Promise<void> {
      await db
        .updateTable('otc_quote')
        .set({ status: 'expired' })
        .where('id', '=', quoteId)
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .execute();
    },
  };
}

export type OtcQuoteTable = ReturnType<typeof createOtcQuoteTable>;
