// The custodian's coin id for a platform coin symbol: BitGo-style ids are the symbol in lower
// case (`BTC` → `btc`, docs/custody.md#the-port).
export function custodianCoinOf(symbol: string): string {
  return symbol.toLowerCase();
}
