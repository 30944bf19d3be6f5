// A stored quote as the business API answers it (schema.graphql `OtcQuote`): decimals in their
// shortest form, the fee percent as a number, and the status as of `now`, so a pending quote whose
// `expiresAt` has passed answers EXPIRED before storage says so (docs/trading.md#statuses). The
// total is the figure a trade of the quote settles: rounded to its currency's unit by the rule of
// docs/trading.md#amounts, which a quote priced before that rule did not store.
import type { OtcQuoteRow, OtcSide, StoredQuoteStatus } from '../../records/trading/otc-quote-table.ts';
import { parseDecimal } from '../money/decimal.ts';
import { settledTotal, storedFeeAmount } from './otc-amounts.ts';

export type OtcQuoteStatus = 'PENDING' | 'ACCEPTED' | 'EXPIRED' | 'CANCELLED';

export interface OtcQuoteView {
  id: string;
  organizationId: string;
  requestedByUserId: string;
  productId: string | null;
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  quoteSize: string;
  exchangeRate: string;
  quoteFeePerc: number;
  feeAmount: string;
  total: string;
  status: OtcQuoteStatus;
  /** ISO 8601 in UTC. */
  createdAt: string;
  expiresAt: string;
  tradeId: string | null;
}

/** Whether the quote may still be traded or re-priced at `now`: pending, and `now` before its expiry. */
export function isLive(row: Pick<OtcQuoteRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return row.status === 'pending' && now.getTime() < row.expiresAt.getTime();
}

/** The status as of `now`: a pending quote at or past its expiry is expired. */
export function statusAt(row: Pick<OtcQuoteRow, 'status' | 'expiresAt'>, now: Date): StoredQuoteStatus {
  return row.status === 'pending' && !isLive(row, now) ? 'expired' : row.status;
}

/** The currency a quote's total is in: paid on a BUY, received on a SELL. */
export function totalCurrencyOf(row: Pick<OtcQuoteRow, 'side' | 'from' | 'to'>): OtcQuoteRow['from'] {
  return row.side === 'BUY' ? row.from : row.to;
}

/** The stored total in its currency's unit; as stored for a currency the platform does not know. */
export function quoteTotal(row: OtcQuoteRow): string {
  const total = parseDecimal(row.total);
  const { decimals } = totalCurrencyOf(row);
  return decimals === null ? total : settledTotal(row.side, total, decimals);
}

export function quoteView(row: OtcQuoteRow, now: Date): OtcQuoteView {
  const quoteSize = parseDecimal(row.quoteSize);
  const exchangeRate = parseDecimal(row.exchangeRate);
  const total = quoteTotal(row);
  return {
    id: row.id,
    organizationId: row.organizationId,
    requestedByUserId: row.userId,
    productId: row.productId,
    fromCurrency: row.fromCurrency,
    toCurrency: row.toCurrency,
    side: row.side,
    quoteSize,
    exchangeRate,
    quoteFeePerc: Number(parseDecimal(row.quoteFeePerc)),
    feeAmount: storedFeeAmount(row.side, quoteSize, exchangeRate, total),
    total,
    status: statusAt(row, now).toUpperCase() as OtcQuoteStatus,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    tradeId: row.tradeId,
  };
}
