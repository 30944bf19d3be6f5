// The database's refusals of a business rule (not of a column's value) and what the data layer
// tells the client instead of the constraint's name (docs/data-layer.md#status-codes-and-errors):
// the rule and the business API operation that does the thing the rule keeps for itself. Keyed
// by the constraint the refusal names; the message is written here, never taken from the
// database, so it carries no row's values.
import { AppError } from '../../errors/app-error.ts';

const refusals: Readonly<Record<string, string>> = {
  // Migration 0014: only a dealing makes a fund request processed (docs/funds.md#dealing).
  fund_subscription_dealt:
    "a fund subscription becomes 'processed' only through the business API's processFundSubscription, which issues its units at the dealing NAV and writes the fund's register and journal in the same transaction (docs/funds.md#dealing); nothing was written",
  fund_redemption_dealt:
    "a fund redemption becomes 'processed' only through the business API's processFundRedemption, which redeems its units at the dealing NAV and writes the fund's register and journal in the same transaction (docs/funds.md#dealing); nothing was written",
  // Migration 0020: a trade is settled only with its journal group (docs/trading.md#settlement).
  otc_trade_settled_journal:
    "an OTC trade becomes 'settled' only with both legs of its journal group trade:<id>, which the business API's requestOtcTrade posts in the transaction that settles it (docs/trading.md#settlement); nothing was written",
};

/** The client's error for a business rule's refusal naming `constraint`; null for any other constraint. */
export function businessRuleRefusal(constraint: unknown, cause: unknown): AppError | null {
  const message = typeof constraint === 'string' ? refusals[constraint] : undefined;
  return message === undefined ? null : new AppError('FORBIDDEN', message, { cause });
}
