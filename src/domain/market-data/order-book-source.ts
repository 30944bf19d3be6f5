// A product's live order book, and the port OTC pricing reads books through (docs/trading.md#pricing):
// a product's current bids and asks, or null when the service keeps no book for it (or its book is
// waiting for a fresh snapshot). The books are market data: the market data feed implements the port
// (docs/market-data.md) and the order-book subscription streams the same levels, so the port stands
// here, below trading. With MARKET_DATA=off the service runs with `noOrderBooks` and every quote is
// priced from the coin prices.
/** One price level: `size` units of the base asset at `price` units of the quote currency each. */
export interface BookLevel {
  /** Decimal string. */
  readonly price: string;
  /** Decimal string; a level of size 0 is no level. */
  readonly size: string;
}

/** A product's book. Levels need not be sorted: the walk orders them itself. */
export interface OrderBook {
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

export interface OrderBookSource {
  /** The product's live book (`BTC-USD`); null when there is none. */
  book(productId: string): Promise<OrderBook | null>;
}

/** No product has a book: every quote falls back to the coin prices. */
export const noOrderBooks: OrderBookSource = {
  book: async () => null,
};
