// The rows of OTC quotes (table otc_quote; docs/trading.md#quotes): a quote with the trade that
// executed it, a new quote, a re-pricing and the move to `expired`, and the organizations quotes are
// requested for. Quotes and organizations are read within the caller's organization scope
// (docs/identity.md#organization-scope), in the same statement, so another organization's quote
// answers as a missing one; this runs SQL, as only src/records, src/access, src/stores and src/db do
// (docs/architecture.md#layers). Every change of a live quote is one conditional UPDATE that
// names the state it expects (`pending`, not expired at `now`), so two requests racing on one
// quote cannot both change it: PostgreSQL locks the row, and the second re-reads it after the
// first commits and finds the condition no longer true. A quote is read with what its currencies
// settle as (settlement-currency.ts): the views round its total to its currency's unit.
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { Database } from '../../../generated/database/database.ts';
import { type ClaimToComplete, writeUnderClaim } from '../idempotency/idempotency-key-table.ts';
import {
  type OrganizationScope,
  organizationInScope,
  scopeOrganizationValue,
} from '../../access/organization-scope.ts';
import { currencyDecimals, currencyIsCoin } from './settlement-currency.ts';

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
  /** What each currency settles as: its decimals (null: unknown to the platform), and whether it is a coin. */
  from: QuoteCurrency;
  to: QuoteCurrency;
}

/** What one currency of a quote settles as (docs/trading.md#settlement). */
export interface QuoteCurrency {
  decimals: number | null;
  isCoin: boolean;
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

/** The currencies' settlement facts of a quote `q`, flat; `currenciesOf` nests them. */
const currencyColumns = [
  currencyDecimals('q.from_currency').as('fromDecimals'),
  currencyIsCoin('q.from_currency').as('fromIsCoin'),
  currencyDecimals('q.to_currency').as('toDecimals'),
  currencyIsCoin('q.to_currency').as('toIsCoin'),
] as const;

interface CurrencyColumns {
  fromDecimals: number | null;
  fromIsCoin: boolean;
  toDecimals: number | null;
  toIsCoin: boolean;
}

/** A selected quote with its currency columns nested as `from` and `to`. */
function currenciesOf<T extends CurrencyColumns>(row: T) {
  const { fromDecimals, fromIsCoin, toDecimals, toIsCoin, ...quote } = row;
  return {
    ...quote,
    from: { decimals: fromDecimals, isCoin: fromIsCoin },
    to: { decimals: toDecimals, isCoin: toIsCoin },
  };
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
  return {
    /** The quote, if its organization is in the scope; null otherwise, as for a missing one. */
    findQuote: (scope: OrganizationScope, quoteId: string): Promise<OtcQuoteRow | null> =>
      findQuote(db, scope, quoteId),
    /**
     * Whether `organizationId` names an existing organization in the scope. A bound scope admits
     * only its organization's id as stored: the API's UUID scalar keeps the letter case it was
     * sent in, and another spelling of the id names no organization of that scope.
     */
    organizationInScope: (scope: OrganizationScope, organizationId: string): Promise<boolean> =>
      organizationNamedInScope(db, scope, organizationId),
    /** Stores a new pending quote and answers it as stored. */
    insertQuote: (quote: NewOtcQuote, claim: ClaimToComplete | null): Promise<OtcQuoteRow> =>
      writeUnderClaim(
        db,
        claim,
        (trx) => insertQuote(trx, quote),
        (row) => row.id,
      ),
    /**
     * Gives a quote of the scope that is still pending and unexpired at `now` its new price and
     * expiry; null when it no longer is (traded, cancelled or expired meanwhile), and then nothing changed.
     */
    repriceQuote: (
      scope: OrganizationScope,
      quoteId: string,
      price: QuotePrice,
      now: Date,
    ): Promise<OtcQuoteRow | null> => repriceQuote(db, scope, quoteId, price, now),
    /** Records `expired` on a pending quote whose expiry is not after `now`; any other quote is left alone. */
    markExpired: (quoteId: string, now: Date): Promise<void> => markExpired(db, quoteId, now),
  };
}

export type OtcQuoteTable = ReturnType<typeof createOtcQuoteTable>;

async function findQuote(db: Db, scope: OrganizationScope, quoteId: string): Promise<OtcQuoteRow | null> {
  const row = await db
    .selectFrom('otc_quote as q')
    .leftJoin('otc_trade as t', 't.quote_id', 'q.id')
    .select(quoteColumns)
    .select(currencyColumns)
    .where('q.id', '=', quoteId)
    .where(organizationInScope(scope, 'q.organization_id'))
    .executeTakeFirst();
  return row ? (currenciesOf(row) as OtcQuoteRow) : null;
}

async function organizationNamedInScope(db: Db, scope: OrganizationScope, organizationId: string): Promise<boolean> {
  const bound = scopeOrganizationValue(scope);
  const row = await db
    .selectFrom('organization as o')
    .select('o.id')
    .where('o.id', '=', organizationId)
    .where(sql<SqlBool>`(${bound} IS NULL OR ${bound}::text = ${organizationId})`)
    .executeTakeFirst();
  return row !== undefined;
}

async function insertQuote(db: Db | Transaction<Database>, quote: NewOtcQuote): Promise<OtcQuoteRow> {
  // Selected as every read selects a quote; a new quote has no trade, so the join finds none.
  const stored = await db
    .with('q', (qb) => qb.insertInto('otc_quote').values(newQuoteValues(quote)).returningAll())
    .selectFrom('q')
    .leftJoin('otc_trade as t', 't.quote_id', 'q.id')
    .select(quoteColumns)
    .select(currencyColumns)
    .executeTakeFirstOrThrow();
  return currenciesOf(stored) as OtcQuoteRow;
}

function newQuoteValues(quote: NewOtcQuote) {
  return {
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
    status: 'pending' as const,
    expires_at: quote.expiresAt,
    created_at: quote.createdAt,
  };
}

async function repriceQuote(
  db: Db,
  scope: OrganizationScope,
  quoteId: string,
  price: QuotePrice,
  now: Date,
): Promise<OtcQuoteRow | null> {
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
    .where(organizationInScope(scope, 'otc_quote.organization_id'))
    .returning('id')
    .executeTakeFirst();
  return updated ? findQuote(db, scope, quoteId) : null;
}

async function markExpired(db: Db, quoteId: string, now: Date): Promise<void> {
  await db
    .updateTable('otc_quote')
    .set({ status: 'expired' })
    .where('id', '=', quoteId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}
