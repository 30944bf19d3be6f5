// schema.graphql `requestOtcTrade` (docs/trading.md#trades): executes a live quote exactly once and
// settles it (docs/trading.md#settlement). The quote must be in the caller's organization scope
// (NOT_FOUND otherwise; docs/identity.md#organization-scope), the acting user must belong to its
// organization (FORBIDDEN) and have a KYC review completed GREEN (KYC_NOT_APPROVED), and each leg
// needs its wallet (otc-settlement-wallets.ts). The quote's move to ACCEPTED, the trade row, the
// journal legs and the audit entries are one transaction committed before the answer
// (src/records/trading/otc-trade-execution.ts), so a trade the client hears of is recorded and
// settled, and of any number of concurrent requests on one quote exactly one executes it. Every
// other answers QUOTE_ALREADY_EXECUTED with the existing trade (a client retrying after a lost
// response finds its trade), or the quote's other state error: QUOTE_EXPIRED is final. A paying
// wallet the journal finds short is INSUFFICIENT_BALANCE, and nothing is written.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { KycReviewRecord } from '../../records/kyc/kyc-review-table.ts';
import { LedgerError } from '../../records/ledger/ledger-error.ts';
import type { OtcQuoteRow, OtcQuoteTable } from '../../records/trading/otc-quote-table.ts';
import type { OtcTradeExecution, SettlementLegs } from '../../records/trading/otc-trade-execution.ts';
import type { OtcTradeRow, OtcTradeTable } from '../../records/trading/otc-trade-table.ts';
import type { SettlementWalletTable } from '../../records/trading/settlement-wallet-table.ts';
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { baseUnitsToWhole } from '../money/base-units.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { failWith, outcomeOf } from '../outcomes/user-failure.ts';
import { assertMember } from './otc-caller.ts';
import type { DeskDelivery, OtcDesk } from './otc-desk.ts';
import type { OtcQuoteService } from './otc-quote-service.ts';
import { settleQuoteState } from './otc-quote-state.ts';
import { settlementLegs } from './otc-settlement-plan.ts';
import { type NamedWallets, type SettlementWallets, settlementWallets } from './otc-settlement-wallets.ts';
import { type TradeLegs, tradeLegsOf } from './otc-trade-legs.ts';
import { tradeView, type OtcTradeView } from './otc-trade-view.ts';
import { assertMayTrade } from './trader-kyc-gate.ts';

/** The trade made, or the failures; QUOTE_ALREADY_EXECUTED carries the quote's existing trade. */
export type OtcTradeOutcome = Outcome<{ trade: OtcTradeView }>;

/** Who trades: the acting user in the key's scope, and the key and request audit_log records. */
export interface OtcTrader extends ActingCaller {
  readonly apiKeyId: string;
  readonly requestId: string;
}

export interface OtcTradeRequest extends NamedWallets {
  quoteId: string;
}

export interface OtcTradeServiceDeps {
  quotes: OtcQuoteTable;
  trades: OtcTradeTable;
  execution: OtcTradeExecution;
  wallets: SettlementWalletTable;
  /** The acting user's latest KYC review (src/records/kyc/kyc-review-table.ts). */
  kycReviewOf: (userId: string) => Promise<KycReviewRecord | null>;
  desk: OtcDesk;
  /** Told the wallets a settled trade moved, after it committed: their cached views are stale (docs/caches.md#result-cache). */
  holdingsChanged: (walletIds: number[]) => Promise<void>;
  /** Finds quotes in the caller's scope, as the quote mutations do. */
  quoteService: Pick<OtcQuoteService, 'quoteInScope'>;
  users: ActingUserDirectory;
  now?: () => Date;
}

/** A trade about to execute: its quote, legs and wallets, and the journal legs they settle as. */
interface TradePlan {
  quote: OtcQuoteRow;
  legs: TradeLegs;
  wallets: SettlementWallets;
  settlement: SettlementLegs;
}

/** The wallets of a trade's legs settled on the platform. */
function settledWallets(wallets: SettlementWallets): number[] {
  return [wallets.fromWalletId, wallets.toWalletId].filter((walletId): walletId is number => walletId !== null);
}

/** The legs of a settled trade that touched the platform's wallets, as the desk moves them at the custodian. */
function deskDeliveries(tradeId: string, { wallets, settlement }: TradePlan): DeskDelivery[] {
  const [paid, received] = settlement;
  const deliveries: DeskDelivery[] = [];
  if (wallets.fromWalletId !== null)
    deliveries.push({
      tradeId,
      leg: 'leg1',
      walletId: wallets.fromWalletId,
      asset: paid.asset,
      amount: paid.amount,
      type: 'send',
    });
  if (wallets.toWalletId !== null)
    deliveries.push({
      tradeId,
      leg: 'leg2',
      walletId: wallets.toWalletId,
      asset: received.asset,
      amount: received.amount,
      type: 'receive',
    });
  return deliveries;
}

export function createOtcTradeService(deps: OtcTradeServiceDeps) {
  const service = new OtcTradeRequests(deps);
  return {
    requestTrade: (trader: OtcTrader, request: OtcTradeRequest): Promise<OtcTradeOutcome> =>
      service.requestTrade(trader, request),
  };
}

export type OtcTradeService = ReturnType<typeof createOtcTradeService>;

class OtcTradeRequests {
  readonly #deps: OtcTradeServiceDeps;
  readonly #now: () => Date;

  constructor(deps: OtcTradeServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  async requestTrade(trader: OtcTrader, request: OtcTradeRequest): Promise<OtcTradeOutcome> {
    const outcome = await outcomeOf(() => this.#execute(trader, request));
    return outcome.ok ? outcome.value : failed(outcome.errors);
  }

  async #execute(trader: OtcTrader, request: OtcTradeRequest): Promise<OtcTradeOutcome> {
    const { scope } = trader;
    const row = await this.#deps.quoteService.quoteInScope(scope, request.quoteId);
    await this.#assertTrader(trader, row);
    const early = await this.#refusal(scope, row, this.#now());
    if (early) return early;
    assertMayTrade(await this.#deps.kycReviewOf(trader.actingUserId), trader.actingUserId);
    const legs = tradeLegsOf(row);
    const wallets = await settlementWallets(this.#deps.wallets, scope, row, legs, request);
    const executedAt = this.#now();
    const plan: TradePlan = { quote: row, legs, wallets, settlement: settlementLegs(legs, wallets) };
    const trade = await this.#executePlan(trader, plan, executedAt);
    const current = await this.#deps.quotes.findQuote(scope, row.id);
    if (!current) throw new Error(`quote ${row.id} vanished while being executed`);
    if (trade) {
      if (trade.status === 'settled') {
        await this.#deps.desk.settleAtCustodian(deskDeliveries(trade.id, plan));
        await this.#deps.holdingsChanged(settledWallets(wallets));
      }
      return succeeded({ trade: tradeView(trade, current, executedAt) });
    }
    // Another request executed, or the quote was withdrawn or expired, between the read and the write.
    const late = await this.#refusal(scope, current, executedAt);
    if (late) return late;
    throw new Error(`quote ${row.id} is live but could not be executed`);
  }

  /** FORBIDDEN unless the acting user is a member of the quote's organization holding a trading role. */
  async #assertTrader(trader: OtcTrader, row: OtcQuoteRow): Promise<void> {
    await assertMember(this.#deps.users, trader, row.organizationId);
    await assertMayPerform(this.#deps.users, {
      operation: 'requestOtcTrade',
      actingUserId: trader.actingUserId,
      organizationId: row.organizationId,
    });
  }

  /** The trade that executed an accepted quote, as the API answers it. */
  async #existingTrade(scope: OrganizationScope, row: OtcQuoteRow, at: Date): Promise<OtcTradeView | null> {
    if (row.status !== 'accepted') return null;
    const trade = await this.#deps.trades.findTradeOfQuote(scope, row.id);
    return trade ? tradeView(trade, row, at) : null;
  }

  /** The outcome for a quote that is not live at `at`; null when it is. */
  async #refusal(scope: OrganizationScope, row: OtcQuoteRow, at: Date): Promise<OtcTradeOutcome | null> {
    const error = await settleQuoteState(this.#deps.quotes, row, at);
    return error ? failed([error], { trade: await this.#existingTrade(scope, row, at) }) : null;
  }

  /** Executes (and, with a desk that settles at once, settles) the plan; null when the quote was no longer live. */
  async #executePlan(trader: OtcTrader, plan: TradePlan, executedAt: Date): Promise<OtcTradeRow | null> {
    try {
      return await this.#deps.execution.execute({
        scope: trader.scope,
        quoteId: plan.quote.id,
        userId: trader.actingUserId,
        executedAt,
        ...plan.wallets,
        legs: plan.settlement,
        settleAt: this.#deps.desk.settlesAtOnce ? executedAt : null,
        actor: { userId: trader.actingUserId, apiKeyId: trader.apiKeyId, requestId: trader.requestId },
      });
    } catch (error) {
      // Only the paying wallet's account may not go negative: the desk's and the world's may, and
      // the receiving wallet is only credited (docs/ledger.md#accounts).
      const payer = plan.wallets.fromWalletId;
      if (error instanceof LedgerError && error.refusal === 'insufficient_funds' && payer !== null)
        return this.#insufficient(plan, payer);
      throw error;
    }
  }

  /** INSUFFICIENT_BALANCE for the paying wallet the journal refused to overdraw, with what it has now. */
  async #insufficient(plan: TradePlan, walletId: number): Promise<never> {
    const { from } = plan.legs;
    const available = await this.#deps.execution.availableOf(walletId, from.currency);
    const shown = baseUnitsToWhole(String(available), from.settles.decimals ?? 0);
    failWith(
      'INSUFFICIENT_BALANCE',
      `wallet ${walletId} has ${shown} ${from.currency} available, less than the ${from.amount} ${from.currency} this trade pays`,
      'fromWalletId',
    );
  }
}
