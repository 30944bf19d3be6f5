// Executing and settling an OTC trade in one transaction (docs/trading.md#settlement): the quote's
// move to accepted, the trade row, its audit entry, and, when the desk settles at once, the linked
// journal group of both legs (`trade:<tradeId>` of `:leg1`, what the client pays into the desk,
// and `:leg2`, what the desk pays out to it; docs/ledger.md#otc-trades), the trade's move to
// settled and the settlement's audit entry. Either all of it commits or none: a leg the journal
// refuses (a paying wallet short of funds: `ledger_account_funds`, the final word on a balance
// under concurrency) rolls back the quote's acceptance and the trade too. A transaction that lost a
// race in the database (a deadlock) runs again as a whole, as the journal asks of its callers
// (docs/ledger.md#posting).
import type { Db } from '../../db/create-database.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type AuditActor, writeAuditEntry } from '../audit/audit-log-table.ts';
import type { LedgerAccountKey } from '../ledger/ledger-account-key.ts';
import { LedgerError } from '../ledger/ledger-error.ts';
import { createLedgerJournal } from '../ledger/ledger-journal.ts';
import { isContention } from '../ledger/ledger-refusals.ts';
import type { TransferEntry } from '../ledger/transfer-request.ts';
import { acceptQuote, insertTrade, markSettled, type NewOtcTrade, type OtcTradeRow } from './otc-trade-table.ts';

/** One leg of a trade as the journal posts it. */
export interface SettlementLeg {
  debit: LedgerAccountKey;
  credit: LedgerAccountKey;
  asset: string;
  /** Base units of `asset`. */
  amount: bigint;
  /** The same amount in whole units, as the trade answers it. */
  wholeAmount: string;
}

/** What the client pays (journal `:leg1`), then what it receives (`:leg2`). */
export type SettlementLegs = readonly [SettlementLeg, SettlementLeg];

export interface TradeExecution extends NewOtcTrade {
  scope: OrganizationScope;
  actor: AuditActor;
  legs: SettlementLegs;
  /** The desk settles at once: the trade settles in its execution's transaction at this time. Null: it stays pending for a later settle step. */
  settleAt: Date | null;
}

/** The journal ids of a trade's settlement (docs/ledger.md#transfers): its linked group and each leg's transfer. */
export function tradeTransferIds(tradeId: string) {
  const linkedId = `trade:${tradeId}`;
  return { linkedId, legs: [`${linkedId}:leg1`, `${linkedId}:leg2`] as const };
}

const maxAttempts = 3;

/** Whether the transaction lost a race in the database and may simply run again. */
function lostRace(error: unknown): boolean {
  if (error instanceof LedgerError) return error.refusal === 'contention' || error.refusal === 'concurrent_duplicate';
  return isContention(error);
}

async function runAgainOnLostRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!lostRace(error) || attempt === maxAttempts) throw error;
    }
  }
}

async function legEntries(db: Db, tradeId: string, legs: SettlementLegs): Promise<TransferEntry[]> {
  const journal = createLedgerJournal(db);
  const ids = tradeTransferIds(tradeId).legs;
  const entries: TransferEntry[] = [];
  for (const [index, leg] of legs.entries()) {
    const [debit, credit] = [await journal.ensureAccount(leg.debit), await journal.ensureAccount(leg.credit)];
    const paid = index === 0;
    entries.push({
      kind: 'single',
      id: ids[index]!,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      asset: leg.asset,
      amount: leg.amount,
      description: `OTC trade ${tradeId}: the client ${paid ? 'pays' : 'receives'} ${leg.wholeAmount} ${leg.asset}`,
      metadata: { tradeId, leg: paid ? 'paid' : 'received', amount: leg.wholeAmount },
    });
  }
  return entries;
}

/**
 * Posts the legs of a pending trade as one linked group, marks it settled and audits it, with
 * `db` a transaction: the immediate desk's step inside the execution, and the step a desk that
 * settles later would run in a transaction of its own.
 */
export async function settleTrade(
  db: Db,
  trade: OtcTradeRow,
  legs: SettlementLegs,
  settledAt: Date,
  actor: AuditActor,
): Promise<OtcTradeRow> {
  const { linkedId } = tradeTransferIds(trade.id);
  const posted = await createLedgerJournal(db).postLinked(linkedId, await legEntries(db, trade.id, legs));
  const settled = await markSettled(db, trade.id, settledAt);
  if (!settled) throw new Error(`trade ${trade.id} was settled, but was no longer pending`);
  await writeAuditEntry(db, {
    actor,
    action: 'otc_trade.settle',
    resourceType: 'otc_trade',
    resourceId: trade.id,
    details: {
      linkedId,
      transferIds: posted.transfers.map((transfer) => transfer.id),
      settledAt: settledAt.toISOString(),
    },
  });
  return settled;
}

async function auditExecution(db: Db, trade: OtcTradeRow, execution: TradeExecution): Promise<void> {
  const [paid, received] = execution.legs;
  await writeAuditEntry(db, {
    actor: execution.actor,
    action: 'otc_trade.execute',
    resourceType: 'otc_trade',
    resourceId: trade.id,
    details: {
      quoteId: trade.quoteId,
      fromCurrency: paid.asset,
      fromAmount: paid.wholeAmount,
      fromWalletId: trade.fromWalletId,
      toCurrency: received.asset,
      toAmount: received.wholeAmount,
      toWalletId: trade.toWalletId,
    },
  });
}

async function executeIn(db: Db, execution: TradeExecution): Promise<OtcTradeRow | null> {
  const organizationId = await acceptQuote(db, execution.scope, execution);
  if (organizationId === null) return null;
  const trade = await insertTrade(db, organizationId, execution);
  await auditExecution(db, trade, execution);
  if (execution.settleAt === null) return trade;
  return settleTrade(db, trade, execution.legs, execution.settleAt, execution.actor);
}

export function createOtcTradeExecution(db: Db) {
  return {
    /**
     * Executes the quote (and settles the trade when `settleAt` is given) in one transaction; the
     * trade, or null when the quote was no longer live in the scope and nothing was written. A
     * journal refusal (a LedgerError) is thrown after everything was rolled back.
     */
    execute: (execution: TradeExecution): Promise<OtcTradeRow | null> =>
      runAgainOnLostRace(() => db.transaction().execute((trx) => executeIn(trx, execution))),

    /** What the wallet's account of `asset` may still be debited, in base units (0 when it has none). */
    async availableOf(walletId: number, asset: string): Promise<bigint> {
      const account = await createLedgerJournal(db).findAccount({ kind: 'wallet', walletId, asset });
      return account?.balances.available ?? 0n;
    },
  };
}

export type OtcTradeExecution = ReturnType<typeof createOtcTradeExecution>;
