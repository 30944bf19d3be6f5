// When a stored quote may still be traded or re-priced (docs/trading.md#statuses), on a clock the
// test sets: live while pending and before its expiresAt, expired from that instant on (before
// storage says so), and the final state error of every other status. The view answers a total
// stored before totals were settled in their currency's unit rounded as a trade settles it
// (docs/trading.md#amounts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OtcQuoteRow } from '../../../src/records/trading/otc-quote-table.ts';
import { quoteStateError } from '../../../src/domain/trading/otc-quote-state.ts';
import { isLive, quoteView, statusAt } from '../../../src/domain/trading/otc-quote-view.ts';

const expiresAt = new Date('2026-03-02T09:00:30.000Z');
const row: OtcQuoteRow = {
  id: '22222222-0000-4000-8000-000000000099',
  organizationId: '11111111-0000-4000-8000-000000000001',
  userId: 'demo-bob',
  productId: 'BTC-USD',
  fromCurrency: 'USD',
  toCurrency: 'BTC',
  side: 'BUY',
  quoteSize: '0.500000000000000000',
  quoteFeePerc: '0.2500',
  exchangeRate: '64000.500000000000000000',
  total: '32080.250625000000000000',
  status: 'pending',
  expiresAt,
  createdAt: new Date('2026-03-02T09:00:00.000Z'),
  tradeId: null,
  from: { decimals: 2, isCoin: false },
  to: { decimals: 8, isCoin: true },
};
const at = (offsetMs: number) => new Date(expiresAt.getTime() + offsetMs);

test('a pending quote is live up to the millisecond before expiresAt, and expired from expiresAt on', () => {
  assert.equal(
    [-30_000, -1, 0, 1].map((offset) => [isLive(row, at(offset)), statusAt(row, at(offset))]),
    [
      [true, 'pending'],
      [true, 'pending'],
      [false, 'expired'],
      [false, 'expired'],
    ],
  );
  assert.is(quoteStateError(row, at(-1)), null);
  assert.equal(quoteStateError(row, at(0)), {
    code: 'QUOTE_EXPIRED',
    message: `quote ${row.id} expired at 2026-03-02T09:00:30.000Z: request a new quote`,
    field: ['quoteId'],
  });
});

test('the view answers EXPIRED as soon as expiresAt has passed, and the stored figures in short form, the total in cents', () => {
  assert.equal(quoteView(row, at(-1)), {
    id: row.id,
    organizationId: row.organizationId,
    requestedByUserId: 'demo-bob',
    productId: 'BTC-USD',
    fromCurrency: 'USD',
    toCurrency: 'BTC',
    side: 'BUY',
    quoteSize: '0.5',
    exchangeRate: '64000.5',
    quoteFeePerc: 0.25,
    // A BUY's total is paid: 32080.250625 USD rounded up to the cent; the fee is its distance from
    // the notional 0.5 × 64000.5 = 32000.25.
    feeAmount: '80.01',
    total: '32080.26',
    status: 'PENDING',
    createdAt: '2026-03-02T09:00:00.000Z',
    expiresAt: '2026-03-02T09:00:30.000Z',
    tradeId: null,
  });
  assert.is(quoteView(row, at(0)).status, 'EXPIRED');
  // A SELL's total is received, rounded down; a currency the platform does not know keeps the stored figure.
  assert.equal(
    [
      quoteView({ ...row, side: 'SELL', from: row.to, to: row.from }, at(-1)).total,
      quoteView({ ...row, from: { decimals: null, isCoin: false } }, at(-1)).total,
    ],
    ['32080.25', '32080.250625'],
  );
});

test('accepted, cancelled and stored-expired quotes are final whatever the time', () => {
  const before = at(-10_000);
  assert.equal(quoteStateError({ ...row, status: 'accepted', tradeId: 'trade-1' }, before), {
    code: 'QUOTE_ALREADY_EXECUTED',
    message: `quote ${row.id} was already executed as trade trade-1; a quote executes at most once`,
    field: ['quoteId'],
  });
  assert.equal(quoteStateError({ ...row, status: 'cancelled' }, before), {
    code: 'INVALID_STATE',
    message: `quote ${row.id} was cancelled: request a new quote`,
    field: ['quoteId'],
  });
  assert.is(quoteStateError({ ...row, status: 'expired' }, before)?.code, 'QUOTE_EXPIRED');
});

test.run();
