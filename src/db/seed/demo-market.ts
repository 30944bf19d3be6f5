// Demo coins, their prices and the trading products (docs/demo-data.md).
import type { Insertable } from 'kysely';
import type { CoinPriceTable, CoinTable, TradingProductTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';

export const demoCoins: Insertable<CoinTable>[] = [
  { symbol: 'BTC', name: 'Bitcoin', network: 'bitcoin', decimals: 8, network_fee_coin: true },
  { symbol: 'ETH', name: 'Ether', network: 'ethereum', decimals: 18, network_fee_coin: true },
  { symbol: 'USDT', name: 'Tether USD', network: 'ethereum', decimals: 6 },
  { symbol: 'SOL', name: 'Solana', network: 'solana', decimals: 9, network_fee_coin: true },
  { symbol: 'USDC', name: 'USD Coin', network: 'ethereum', decimals: 6 },
  { symbol: 'AVAX', name: 'Avalanche', network: 'avalanche', decimals: 18, network_fee_coin: true },
];

/** USD price per whole coin at the base date; wallet assets are valued at these prices. */
export const demoUsdPrices = {
  BTC: '94250.12',
  ETH: '3345.67',
  USDT: '0.9998',
  SOL: '189.42',
  USDC: '1.0001',
  AVAX: '38.15',
} as const;

export type DemoSymbol = keyof typeof demoUsdPrices;

const marketCaps: Record<DemoSymbol, [string, number]> = {
  BTC: ['1866412345678.00', 1],
  ETH: ['402911223344.00', 2],
  USDT: ['139201456789.00', 3],
  SOL: ['91234567890.00', 5],
  USDC: ['44102345678.00', 7],
  AVAX: ['15604321987.00', 12],
};

export const demoCoinPrices: Insertable<CoinPriceTable>[] = (Object.keys(demoUsdPrices) as DemoSymbol[]).map(
  (symbol, index) => ({
    symbol,
    usd_price: demoUsdPrices[symbol],
    market_cap_usd: marketCaps[symbol][0],
    market_cap_rank: marketCaps[symbol][1],
    updated_at: demoTime(0, 0, -(index + 1)),
  }),
);

export const demoTradingProducts: Insertable<TradingProductTable>[] = [
  { id: 'BTC-USD', base_currency: 'BTC', quote_currency: 'USD', status: 'online', min_size: '0.0001', max_size: '250' },
  { id: 'ETH-USD', base_currency: 'ETH', quote_currency: 'USD', status: 'online', min_size: '0.001', max_size: '5000' },
  {
    id: 'SOL-USD',
    base_currency: 'SOL',
    quote_currency: 'USD',
    status: 'online',
    min_size: '0.01',
    max_size: '100000',
  },
  { id: 'ETH-BTC', base_currency: 'ETH', quote_currency: 'BTC', status: 'online', min_size: '0.001', max_size: '5000' },
  {
    id: 'USDC-USD',
    base_currency: 'USDC',
    quote_currency: 'USD',
    status: 'online',
    min_size: '10',
    max_size: '50000000',
  },
  {
    id: 'AVAX-USD',
    base_currency: 'AVAX',
    quote_currency: 'USD',
    status: 'offline',
    min_size: '0.1',
    max_size: '200000',
  },
];
