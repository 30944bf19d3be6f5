// The trades executed on OTC quotes (table otc_trade; docs/trading.md#trades). Executing a quote
// is one transaction: the quote moves `pending → accepted` by a conditional UPDATE that only a
// live quote passes, and the trade row is inserted beside it; both are committed before the
// caller hears of the trade. Fifty requests racing on one quote queue on the quote's row lock:
// the first one's UPDATE wins, every later one finds the quote no longer pending and writes
// nothing. The unique quote_id of otc_trade is a second guard. This runs SQL, as only src/access,
// src/stores and src/db do (docs/architecture.md#layers).
import type { Db } from '../../db/create-database.ts';

export type StoredTradeStatus = 'pending' | 'settled' | 'failed';

export interface OtcTradeRow {
  id: string;
  quoteId: string;
  organizationId: string;
  /** The acting user who executed the quote (app_user.id). */
  userId: string;
  status: StoredTradeStatus;
  executedAt: Date;
  settledAt: Date | null;
}

const tradeColumns = [
  'id',
  'quote_id as quoteId',
  'organization_id as organizationId',
  'user_id as userId',
  'status',
  'executed_at as executedAt',
  'settled_at as settledAt',
] as const;

export function createOtcTradeTable(db: Db) {
  return {
    /**
     * Accepts the quote and records its trade, in one transaction, when the quote is pending and
     * expires after `now`; null otherwise, and then nothing is written.
     */
    async executeQuote(quoteId: string, userId: string, now: Date): Promise<OtcTradeRow | null> {
      return db.transaction().execute(async (trx) => {
        const accepted = await trx
          .updateTable('otc_quote')
          .set({ status: 'accepted' })
          .where('id', '=', quoteId)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now)
          .returning('organization_id')
          .executeTakeFirst();
        if (!accepted) return null;
        const trade = await trx
          .insertInto('otc_trade')
          .values({
            quote_id: quoteId,
            organization_id: accepted.organization_id,
            user_id: userId,
            status: 'pending',
            executed_at: now,
          })
          .returning(tradeColumns)
          .executeTakeFirstOrThrow();
        return trade as OtcTradeRow;
      });
    },

    /** The trade that executed the quote; null when none did. */
    async findTradeOfQuote(quoteId: string): Promise<OtcTradeRow | null> {
      const row = await db
        .selectFrom('otc_trade')
        .select(tradeColumns)
        .where('quote_id', '=', quoteId)
        .executeTakeFirst();
      return (row as OtcTradeRow | undefined) ?? null;
    },
  };
}

export type OtcTradeTable = ReturnType<typeof createOtcTradeTable>;
