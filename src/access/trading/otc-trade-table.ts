// The trades executed on OTC quotes (table otc_trade; docs/trading.md#trades). Executing a quote
// is one transaction: the quote moves `pending → accepted` by a conditional UPDATE that only a
// live quote passes, and the trade row is inserted beside it; both are committed before the
// caller hears of the trade. Fifty requests racing on one quote queue on the quote's row lock:
// the first one's UPDATE wins, every later one finds the quote no longer pending and writes
// nothing. The unique quote_id of otc_trade is a second guard. Quotes and trades are reached
// within the caller's organization scope (docs/identity.md#organization-scope), in the statement
// itself. This runs SQL, as only src/access, src/stores and src/db do (docs/architecture.md#layers).
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

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
     * Accepts the quote and records its trade, in one transaction, when the quote is in the scope,
     * pending and expires after `now`; null otherwise, and then nothing is written.
     */
    async executeQuote(
      scope: OrganizationScope,
      quoteId: string,
      userId: string,
      now: Date,
    ): Promise<OtcTradeRow | null> {
      return db.transaction().execute(async (trx) => {
        const accepted = await trx
          .updateTable('otc_quote')
          .set({ status: 'accepted' })
          .where('id', '=', quoteId)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now)
          .where(organizationInScope(scope, 'otc_quote.organization_id'))
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

    /** The trade that executed the quote, if its organization is in the scope; null when none did. */
    async findTradeOfQuote(scope: OrganizationScope, quoteId: string): Promise<OtcTradeRow | null> {
      const row = await db
        .selectFrom('otc_trade')
        .select(tradeColumns)
        .where('quote_id', '=', quoteId)
        .where(organizationInScope(scope, 'otc_trade.organization_id'))
        .executeTakeFirst();
      return (row as OtcTradeRow | undefined) ?? null;
    },
  };
}

export type OtcTradeTable = ReturnType<typeof createOtcTradeTable>;
