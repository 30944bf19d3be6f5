// Why a stored quote can no longer be traded or re-priced (schema.graphql `OtcQuoteStatus`;
// docs/trading.md#statuses): executed (QUOTE_ALREADY_EXECUTED), withdrawn (INVALID_STATE) or past
// its `expiresAt` (QUOTE_EXPIRED, final: a new quote must be requested). A pending quote found
// past its expiry is recorded as expired on the way, so storage catches up with what the API
// already answers.
import type { OtcQuoteRow, OtcQuoteTable } from '../../access/trading/otc-quote-table.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { isLive } from './otc-quote-view.ts';

/** The error a quote that is not live at `now` answers; null for a live quote. */
export function quoteStateError(row: OtcQuoteRow, now: Date): UserError | null {
  if (isLive(row, now)) return null;
  switch (row.status) {
    case 'accepted':
      return userError(
        'QUOTE_ALREADY_EXECUTED',
        `quote ${row.id} was already executed${row.tradeId ? ` as trade ${row.tradeId}` : ''}; a quote executes at most once`,
        'quoteId',
      );
    case 'cancelled':
      return userError('INVALID_STATE', `quote ${row.id} was cancelled: request a new quote`, 'quoteId');
    default:
      return userError(
        'QUOTE_EXPIRED',
        `quote ${row.id} expired at ${row.expiresAt.toISOString()}: request a new quote`,
        'quoteId',
      );
  }
}

/** The state error of a quote that is not live, recording `expired` when that is why. */
export async function settleQuoteState(quotes: OtcQuoteTable, row: OtcQuoteRow, now: Date): Promise<UserError | null> {
  const error = quoteStateError(row, now);
  if (error?.code === 'QUOTE_EXPIRED') await quotes.markExpired(row.id, now);
  return error;
}
