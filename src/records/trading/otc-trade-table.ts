// The trades executed on OTC quotes (table otc_trade; docs/trading.md#trades): reading a quote's
// trade, and the statements a trade's transaction runs (otc-trade-execution.ts). Executing a quote
// moves it `pending → accepted` by a conditional UPDATE that only a live quote passes, and inserts
// the trade beside it; fifty requests racing on one quote queue on the quote's row lock: the first
// one's UPDATE wins, every later one finds the quote no longer pending and writes nothing. The
// unique quote_id of otc_trade is a second guard. Quotes and trades are reached within the caller's
// organization scope (docs/identity.md#organization-scope), in the statement itself. This runs SQL,
// as only src/records, src/access, src/stores and src/db do (docs/architecture.md#layers).
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

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
  /** The wallet that pays the quote's fromCurrency; null off the platform or before trades named wallets. */
  fromWalletId: number | null;
  /** The wallet that receives the quote's toCurrency; likewise. */
  toWalletId: number | null;
}

/** A trade as it is executed: its quote, who executes it, when, and the wallets of its legs. */
export interface NewOtcTrade {
  quoteId: string;
  userId: string;
  executedAt: Date;
  fromWalletId: number | null;
  toWalletId: number | null;
}

const tradeColumns = [
  'id',
  'quote_id as quoteId',
  'organization_id as organizationId',
  'user_id as userId',
  'status',
  'executed_at as executedAt',
  'settled_at as settledAt',
  'from_wallet_id as fromWalletId',
  'to_wallet_id as toWalletId',
] as const;

/**
 * Accepts the quote when it is in the scope, pending and expires after the trade's execution;
 * its organization, or null when it was not accepted (nothing changed).
 */
export async function acceptQuote(db: Db, scope: OrganizationScope, trade: NewOtcTrade): Promise<string | null> {
  const accepted = await db
    .updateTable('otc_quote')
    .set({ status: 'accepted' })
    .where('id', '=', trade.quoteId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', trade.executedAt)
    .where(organizationInScope(scope, 'otc_quote.organization_id'))
    .returning('organization_id')
    .executeTakeFirst();
  return accepted?.organization_id ?? null;
}

/** Records the trade of an accepted quote of `organizationId`, `pending` until it settles. */
export async function insertTrade(db: Db, organizationId: string, trade: NewOtcTrade): Promise<OtcTradeRow> {
  const row = await db
    .insertInto('otc_trade')
    .values({
      quote_id: trade.quoteId,
      organization_id: organizationId,
      user_id: trade.userId,
      status: 'pending',
      executed_at: trade.executedAt,
      from_wallet_id: trade.fromWalletId,
      to_wallet_id: trade.toWalletId,
    })
    .returning(tradeColumns)
    .executeTakeFirstOrThrow();
  return row as OtcTradeRow;
}

/** Marks a pending trade settled at `settledAt`; null when it was not pending (nothing changed). */
export async function markSettled(db: Db, tradeId: string, settledAt: Date): Promise<OtcTradeRow | null> {
  const row = await db
    .updateTable('otc_trade')
    .set({ status: 'settled', settled_at: settledAt })
    .where('id', '=', tradeId)
    .where('status', '=', 'pending')
    .returning(tradeColumns)
    .executeTakeFirst();
  return (row as OtcTradeRow | undefined) ?? null;
}

export function createOtcTradeTable(db: Db) {
  return {
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
