// OTC quotes in every status (docs/domain.md#trading), with a trade for each accepted one. The
// pending quote expires in 2099 so a demo can accept it whenever it runs.
import type { Insertable } from 'kysely';
import type { OtcQuoteTable, OtcTradeTable } from '../../../generated/database/database.ts';
import { DEMO_FAR_FUTURE, demoTime } from './demo-clock.ts';
import { multiply, subtract, sum } from './demo-decimal.ts';
import { demoUuid } from './demo-ids.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

/** The quote a demo can accept: Meridian (Ivan) sells 1.2 BTC. */
export const DEMO_PENDING_OTC_QUOTE_ID = demoUuid('otcQuote', 4);

const quoteLifetimeMs = 30_000;

interface QuoteSpec {
  n: number;
  organizationId: string;
  userId: string;
  productId: string;
  side: 'BUY' | 'SELL';
  size: string;
  feePerc: string;
  rate: string;
  status: 'pending' | 'accepted' | 'expired' | 'cancelled';
  at: Date;
  expiresAt?: Date;
}

/** Total in the quote currency: size × rate, plus the fee on a BUY and minus it on a SELL. */
export function otcQuoteTotal(side: 'BUY' | 'SELL', size: string, rate: string, feePerc: string): string {
  const fee = multiply([feePerc, '0.01'], 8);
  const factor = side === 'BUY' ? sum(['1', fee], 8) : subtract('1', fee, 8);
  return multiply([size, rate, factor], 18);
}

function quote(spec: QuoteSpec): Insertable<OtcQuoteTable> {
  const [base, counter] = spec.productId.split('-') as [string, string];
  return {
    id: demoUuid('otcQuote', spec.n),
    organization_id: spec.organizationId,
    user_id: spec.userId,
    product_id: spec.productId,
    from_currency: spec.side === 'BUY' ? counter : base,
    to_currency: spec.side === 'BUY' ? base : counter,
    side: spec.side,
    quote_size: spec.size,
    quote_fee_perc: spec.feePerc,
    exchange_rate: spec.rate,
    total: otcQuoteTotal(spec.side, spec.size, spec.rate, spec.feePerc),
    status: spec.status,
    expires_at: spec.expiresAt ?? new Date(spec.at.getTime() + quoteLifetimeMs),
    created_at: spec.at,
  };
}

const { aurora, meridian } = demoOrganizationIds;

export const demoOtcQuotes: Insertable<OtcQuoteTable>[] = [
  quote({
    n: 1,
    organizationId: aurora,
    userId: 'demo-bob',
    productId: 'BTC-USD',
    side: 'BUY',
    size: '2.5',
    feePerc: '0.25',
    rate: '94180.50',
    status: 'accepted',
    at: demoTime(-3, 10),
  }),
  quote({
    n: 2,
    organizationId: meridian,
    userId: 'demo-ivan',
    productId: 'ETH-USD',
    side: 'SELL',
    size: '40',
    feePerc: '0.20',
    rate: '3338.10',
    status: 'expired',
    at: demoTime(-2, 11),
  }),
  quote({
    n: 3,
    organizationId: aurora,
    userId: 'demo-bob',
    productId: 'SOL-USD',
    side: 'BUY',
    size: '1500',
    feePerc: '0.30',
    rate: '188.95',
    status: 'cancelled',
    at: demoTime(-2, 15),
  }),
  quote({
    n: 4,
    organizationId: meridian,
    userId: 'demo-ivan',
    productId: 'BTC-USD',
    side: 'SELL',
    size: '1.2',
    feePerc: '0.25',
    rate: '94212.75',
    status: 'pending',
    at: demoTime(0, -1),
    expiresAt: DEMO_FAR_FUTURE,
  }),
  quote({
    n: 5,
    organizationId: meridian,
    userId: 'demo-ivan',
    productId: 'ETH-USD',
    side: 'BUY',
    size: '25',
    feePerc: '0.20',
    rate: '3349.80',
    status: 'accepted',
    at: demoTime(0, -2),
  }),
];

export const demoOtcTrades: Insertable<OtcTradeTable>[] = [
  {
    id: demoUuid('otcTrade', 1),
    quote_id: demoUuid('otcQuote', 1),
    organization_id: aurora,
    user_id: 'demo-bob',
    status: 'settled',
    executed_at: demoTime(-3, 10, 0.25),
    settled_at: demoTime(-3, 12),
  },
  {
    id: demoUuid('otcTrade', 2),
    quote_id: demoUuid('otcQuote', 5),
    organization_id: meridian,
    user_id: 'demo-ivan',
    status: 'pending',
    executed_at: demoTime(0, -2, 0.25),
    settled_at: null,
  },
];
