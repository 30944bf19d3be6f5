// schema.graphql `requestOtcTrade` (docs/trading.md#trades): executes a live quote exactly once.
// The quote must be in the caller's organization scope (NOT_FOUND otherwise;
// docs/identity.md#organization-scope) and the acting user must belong to its organization (FORBIDDEN). The quote's move to ACCEPTED and the trade row are one transaction
// committed before the answer (src/access/trading/otc-trade-table.ts), so a trade the client hears
// of is recorded, and of any number of concurrent requests on one quote exactly one executes it.
// Every other answers QUOTE_ALREADY_EXECUTED with the existing trade (a client retrying after a
// lost response finds its trade), or the quote's other state error: QUOTE_EXPIRED is final.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { OtcQuoteRow, OtcQuoteTable } from '../../access/trading/otc-quote-table.ts';
import type { OtcTradeTable } from '../../access/trading/otc-trade-table.ts';
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { outcomeOf } from '../outcomes/user-failure.ts';
import { assertMember } from './otc-caller.ts';
import type { OtcQuoteService } from './otc-quote-service.ts';
import { settleQuoteState } from './otc-quote-state.ts';
import { quoteView } from './otc-quote-view.ts';
import { tradeView, type OtcTradeView } from './otc-trade-view.ts';

/** The trade made, or the failures; QUOTE_ALREADY_EXECUTED carries the quote's existing trade. */
export type OtcTradeOutcome = Outcome<{ trade: OtcTradeView }>;

export interface OtcTradeServiceDeps {
  quotes: OtcQuoteTable;
  trades: OtcTradeTable;
  /** Finds quotes in the caller's scope, as the quote mutations do. */
  quoteService: Pick<OtcQuoteService, 'quoteInScope'>;
  users: ActingUserDirectory;
  now?: () => Date;
}

export function createOtcTradeService(deps: OtcTradeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { quotes, trades } = deps;

  /** The trade that executed an accepted quote, as the API answers it. */
  async function existingTrade(scope: OrganizationScope, row: OtcQuoteRow, at: Date): Promise<OtcTradeView | null> {
    if (row.status !== 'accepted') return null;
    const trade = await trades.findTradeOfQuote(scope, row.id);
    return trade ? tradeView(trade, quoteView(row, at)) : null;
  }

  /** The outcome for a quote that is not live at `at`; null when it is. */
  async function refusal(scope: OrganizationScope, row: OtcQuoteRow, at: Date): Promise<OtcTradeOutcome | null> {
    const error = await settleQuoteState(quotes, row, at);
    return error ? failed([error], { trade: await existingTrade(scope, row, at) }) : null;
  }

  async function execute(caller: ActingCaller, quoteId: string): Promise<OtcTradeOutcome> {
    const { scope } = caller;
    const row = await deps.quoteService.quoteInScope(scope, quoteId);
    await assertMember(deps.users, caller, row.organizationId);
    await assertMayPerform(deps.users, {
      operation: 'requestOtcTrade',
      actingUserId: caller.actingUserId,
      organizationId: row.organizationId,
    });
    const early = await refusal(scope, row, now());
    if (early) return early;
    const executedAt = now();
    const trade = await trades.executeQuote(scope, row.id, caller.actingUserId, executedAt);
    const current = await quotes.findQuote(scope, row.id);
    if (!current) throw new Error(`quote ${row.id} vanished while being executed`);
    if (trade) return succeeded({ trade: tradeView(trade, quoteView(current, executedAt)) });
    // Another request executed, or the quote was withdrawn or expired, between the read and the write.
    const late = await refusal(scope, current, executedAt);
    if (late) return late;
    throw new Error(`quote ${row.id} is live but could not be executed`);
  }

  return {
    async requestTrade(caller: ActingCaller, input: { quoteId: string }): Promise<OtcTradeOutcome> {
      const outcome = await outcomeOf(() => execute(caller, input.quoteId));
      return outcome.ok ? outcome.value : failed(outcome.errors);
    },
  };
}

export type OtcTradeService = ReturnType<typeof createOtcTradeService>;
