// The coin prices source used when COIN_PRICES_URL is unset (docs/providers.md#coin-prices): it
// quotes the simulated market (docs/market-data.md#the-simulated-market), the one the market data
// simulator's books follow, for the demo coins (with the demo data's names, market caps and ranks,
// docs/demo-data.md) and any symbols given at construction. A quote is the market's price at the
// start of its step (a minute by default), and the market cap moves with it; the same clock time
// always gives the same quote for the same market seed, so tests know it.
import { demoCoinPrices, demoCoins } from '../../db/seed/demo-market.ts';
import {
  createSimulatedMarket,
  moveScale,
  type SimulatedMarket,
  symbolHash,
} from '../simulated-market/simulated-market.ts';
import { type CoinPriceQuote, type CoinPricesProvider, normalizeSymbols } from './coin-prices-provider.ts';

export interface CoinPricesSimulatorOptions {
  now?: () => Date;
  /** How often quotes change; a quote's `updatedAt` is the start of its step. Default 60 s. */
  stepMs?: number;
  /** Symbols the simulator knows besides the demo coins, at prices derived from the symbol. */
  extraSymbols?: readonly string[];
  /** The market quoted; by default one of seed 1. */
  market?: SimulatedMarket;
}

export const defaultSimulatorStepMs = 60_000;

interface SimulatedCoin {
  name: string;
  /** Market cap at the base price in cents; null when unknown. */
  marketCapCents: bigint | null;
  rank: number | null;
}

export function createCoinPricesSimulator(options: CoinPricesSimulatorOptions = {}): CoinPricesProvider {
  const now = options.now ?? (() => new Date());
  const stepMs = options.stepMs ?? defaultSimulatorStepMs;
  if (!Number.isInteger(stepMs) || stepMs <= 0)
    throw new Error(`stepMs must be a positive whole number, got ${stepMs}`);
  const market = options.market ?? createSimulatedMarket();
  const coins = new Map(demoSimulatedCoins());
  for (const symbol of normalizeSymbols(options.extraSymbols ?? [])) {
    if (!coins.has(symbol)) coins.set(symbol, derivedCoin(symbol));
  }
  return {
    kind: 'simulator',
    async listPrices(symbols) {
      const wanted = normalizeSymbols(symbols);
      const stepStart = new Date(Math.floor(now().getTime() / stepMs) * stepMs);
      return wanted.flatMap((symbol) => {
        const coin = coins.get(symbol);
        return coin ? [quoteAt(market, symbol, coin, stepStart)] : [];
      });
    },
  };
}

function quoteAt(market: SimulatedMarket, symbol: string, coin: SimulatedCoin, at: Date): CoinPriceQuote {
  const factor = moveScale + market.move(symbol, at);
  const marketCap =
    coin.marketCapCents === null ? null : formatUnits((coin.marketCapCents * factor + moveScale / 2n) / moveScale, 2);
  return {
    symbol,
    name: coin.name,
    usdPrice: market.usdPrice(symbol, at),
    marketCapUsd: marketCap,
    marketCapRank: coin.rank,
    updatedAt: at,
  };
}

function demoSimulatedCoins(): [string, SimulatedCoin][] {
  return demoCoinPrices.map((row) => {
    const name = demoCoins.find((coin) => coin.symbol === row.symbol)?.name ?? row.symbol;
    const marketCap = row.market_cap_usd ? toUnits(row.market_cap_usd) : null;
    return [
      row.symbol,
      {
        name,
        marketCapCents: marketCap ? marketCap[0] * 10n ** BigInt(2 - marketCap[1]) : null,
        rank: row.market_cap_rank ?? null,
      },
    ];
  });
}

/** A coin the demo data does not have: its supply and rank (100 to 999) from the symbol's hash, as its price. */
function derivedCoin(symbol: string): SimulatedCoin {
  const seed = symbolHash(symbol);
  const priceUnits = BigInt((seed % 1_000_000) + 1);
  const supply = BigInt((Math.floor(seed / 1_000_000) % 9_000) + 1_000) * 1_000_000n;
  return {
    name: symbol,
    marketCapCents: (priceUnits * supply) / 100n,
    rank: 100 + (Math.floor(seed / 7) % 900),
  };
}

/** `"94250.12"` → [9425012n, 2]. */
function toUnits(decimal: string): [bigint, number] {
  const [whole, fraction = ''] = decimal.split('.');
  return [BigInt(`${whole}${fraction}`), fraction.length];
}

/** Units at `scale` as a plain decimal without trailing fraction zeros. */
function formatUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
