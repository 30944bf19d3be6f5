// Prices an OTC quote (docs/trading.md#pricing): the trading product of the pair and side (the
// base asset is `toCurrency` for a BUY and `fromCurrency` for a SELL, so BUY USD→BTC and SELL
// BTC→USD are both priced on `BTC-USD`), the size checked against the product, then the rate from
// the product's live order book when the service keeps one (walked level by level for the size,
// order-book-walk.ts), else from the stored coin prices: the base asset's USD price over the quote
// currency's (1 for USD). A stale or missing price is refused, never quoted as current. The fee
// is OTC_FEE_BPS of the notional, and the total is settled in the quote currency's unit
// (otc-amounts.ts), so a pair whose currencies the platform cannot settle is not quoted.
import type { TradingProductRow, TradingProductTable } from '../../records/trading/trading-product-table.ts';
import type { OtcSide } from '../../records/trading/otc-quote-table.ts';
import { compareDecimal, divideDecimal, fitsNumeric, fractionDigits } from '../money/decimal.ts';
import { failWith } from '../outcomes/user-failure.ts';
import type { CoinPriceLookup } from '../prices/price-refresh.ts';
import type { OrderBookSource } from '../market-data/order-book-source.ts';
import { rateScale, walkOrderBook } from './order-book-walk.ts';
import { amountScale, feePercOfBps, otcAmounts } from './otc-amounts.ts';
import type { SizeField } from './otc-input-checks.ts';

/** What is priced: the pair, the side, and the size with the input field that gave it. */
export interface PricingRequest {
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  size: string;
  /** The input field that gave the size, named by errors about it; null for a stored quote's size. */
  sizeField: SizeField | null;
}

export interface PricedQuote {
  productId: string;
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  quoteSize: string;
  exchangeRate: string;
  /** Percent of the notional, a decimal string: `"0.25"`. */
  quoteFeePerc: string;
  feeAmount: string;
  total: string;
  /** `book` when priced on the live order book, `coinPrices` when on the stored USD prices. */
  priceSource: 'book' | 'coinPrices';
}

/** The stored USD price of a coin (PriceRefresh.lookup of src/domain/prices/price-refresh.ts). */
export type UsdPriceLookup = (symbol: string) => Promise<CoinPriceLookup | null>;

export interface OtcPricerDeps {
  products: TradingProductTable;
  orderBooks: OrderBookSource;
  usdPrice: UsdPriceLookup;
  /** OTC_FEE_BPS. */
  feeBps: number;
}

/** The currency whose USD price is 1 by definition. */
const usd = 'USD';

export function createOtcPricer(deps: OtcPricerDeps) {
  return {
    /** The quote's price now; a UserFailure when the pair, the size or the price fails. */
    price: (request: PricingRequest): Promise<PricedQuote> => price(deps, request),
  };
}

export type OtcPricer = ReturnType<typeof createOtcPricer>;

/** numeric(38, 18) text in its shortest form for messages: `"0.000100000000000000"` → `"0.0001"`. */
function trimmed(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The quote's price now; a UserFailure when the pair, the size or the price fails. */
async function price(deps: OtcPricerDeps, request: PricingRequest): Promise<PricedQuote> {
  const product = await productFor(deps, request);
  const totalDecimals = settlementDecimals(product);
  checkSize(product, request);
  const { rate, priceSource } = await rateFor(deps, product, request);
  const quoteFeePerc = feePercOfBps(deps.feeBps);
  const { notional, feeAmount, total } = otcAmounts(request.side, request.size, rate, quoteFeePerc, totalDecimals);
  if (compareDecimal(total, '0') <= 0)
    failWith(
      'VALIDATION_FAILED',
      `the quote's total rounds to nothing in ${product.quoteCurrency}: ask for a larger size`,
      request.sizeField ?? undefined,
    );
  // A product without a maximum size could price beyond what otc_quote stores (numeric(38, 18)).
  if (![notional, total].every((amount) => fitsNumeric(amount, 38, amountScale)))
    failWith(
      'VALIDATION_FAILED',
      `the quote's total would exceed 20 integer digits: ask for a smaller size`,
      request.sizeField ?? undefined,
    );
  return {
    productId: product.id,
    fromCurrency: request.fromCurrency,
    toCurrency: request.toCurrency,
    side: request.side,
    quoteSize: request.size,
    exchangeRate: rate,
    quoteFeePerc,
    feeAmount,
    total,
    priceSource,
  };
}

async function productFor(deps: OtcPricerDeps, request: PricingRequest): Promise<TradingProductRow> {
  const [base, counter] =
    request.side === 'BUY' ? [request.toCurrency, request.fromCurrency] : [request.fromCurrency, request.toCurrency];
  const productId = `${base}-${counter}`;
  const product = await deps.products.findProduct(productId);
  if (!product) {
    const reverse = await deps.products.findProduct(`${counter}-${base}`);
    const hint = reverse
      ? `; on ${reverse.id} the base asset is ${counter}, so ${request.side === 'BUY' ? `SELL ${counter} for ${base}` : `BUY ${counter} with ${base}`} instead`
      : '';
    failWith('UNSUPPORTED_ASSET', `the pair ${productId} is not traded${hint}`);
  }
  if (product.status !== 'online') failWith('UNSUPPORTED_ASSET', `${product.id} is ${product.status}: not quoted now`);
  return product;
}

/**
 * The decimals the quote's total is settled in; UNSUPPORTED_ASSET when either currency is one the
 * platform cannot settle (neither a coin nor a currency of the journal: docs/trading.md#settlement).
 */
function settlementDecimals(product: TradingProductRow): number {
  if (product.baseDecimals === null) notSettled(product, product.baseCurrency);
  if (product.quoteDecimals === null) notSettled(product, product.quoteCurrency);
  return product.quoteDecimals;
}

function notSettled(product: TradingProductRow, currency: string): never {
  failWith('UNSUPPORTED_ASSET', `${currency} is not a currency the platform settles: ${product.id} is not quoted`);
}

function checkSize(product: TradingProductRow, request: PricingRequest): void {
  const { size } = request;
  const [name, field] = [request.sizeField ?? 'the quote size', request.sizeField ?? undefined];
  const base = product.baseCurrency;
  if (!fitsNumeric(size, 38, amountScale))
    failWith('VALIDATION_FAILED', `${name} must have at most 20 integer digits`, field);
  if (product.baseDecimals !== null && fractionDigits(size) > product.baseDecimals)
    failWith('VALIDATION_FAILED', `${name} has more than the ${product.baseDecimals} decimals of ${base}`, field);
  if (compareDecimal(size, product.minSize) < 0)
    failWith(
      'VALIDATION_FAILED',
      `${name} must be at least ${trimmed(product.minSize)} ${base} on ${product.id}`,
      field,
    );
  if (product.maxSize !== null && compareDecimal(size, product.maxSize) > 0)
    failWith(
      'VALIDATION_FAILED',
      `${name} must be at most ${trimmed(product.maxSize)} ${base} on ${product.id}`,
      field,
    );
}

async function currentUsdPrice(deps: OtcPricerDeps, symbol: string): Promise<string> {
  if (symbol === usd) return '1';
  let found: CoinPriceLookup | null;
  try {
    found = await deps.usdPrice(symbol);
  } catch {
    failWith('PROVIDER_ERROR', `the price source cannot be reached for ${symbol}; retry shortly`);
  }
  if (!found) failWith('PROVIDER_ERROR', `no price is available for ${symbol}`);
  if (found.stale)
    failWith(
      'PROVIDER_ERROR',
      `the price of ${symbol} was last updated at ${found.updatedAt.toISOString()} and is stale`,
    );
  if (compareDecimal(found.usdPrice, '0') <= 0)
    failWith('PROVIDER_ERROR', `no usable price is available for ${symbol}`);
  return found.usdPrice;
}

async function rateFor(deps: OtcPricerDeps, product: TradingProductRow, request: PricingRequest) {
  const book = await deps.orderBooks.book(product.id);
  if (book) {
    const walk = walkOrderBook(book, request.side, request.size);
    if (!walk.filled) {
      const side = request.side === 'BUY' ? 'asks' : 'bids';
      failWith(
        'VALIDATION_FAILED',
        `the ${product.id} order book's ${side} hold ${walk.available} ${product.baseCurrency}, less than the ${request.size} asked: ask for a smaller size`,
        request.sizeField ?? undefined,
      );
    }
    return { rate: walk.rate, priceSource: 'book' as const };
  }
  const [base, counter] = [
    await currentUsdPrice(deps, product.baseCurrency),
    await currentUsdPrice(deps, product.quoteCurrency),
  ];
  return { rate: divideDecimal(base, counter, rateScale), priceSource: 'coinPrices' as const };
}
