// The coin prices source used when COIN_PRICES_URL is unset (docs/providers.md#coin-prices).
// Deterministic: it knows the demo coins at the demo data's prices, market caps and ranks
// (docs/demo-data.md), plus any symbols given at construction, and moves every price once a step
// (a minute by default) by an amount derived from a hash of the symbol and the step, within ±2 %
// (±0.05 % for stablecoins). The same clock time always gives the same quote, so tests know it.
import { createHash } from 'node:crypto';
import { demoCoinPrices, demoCoins } from '../../db/seed/demo-market.ts';
import { type CoinPriceQuote, type CoinPricesProvider, normalizeSymbols } from './coin-prices-provider.ts';

export interface CoinPricesSimulatorOptions {
  now?: () => Date;
  /** How often prices move; a quote's `updatedAt` is the start of its step. Default 60 s. */
  stepMs?: number;
  /** Symbols the simulator knows besides the demo coins, at prices derived from the symbol. */
  extraSymbols?: readonly string[];
}

export const defaultSimulatorStepMs = 60_000;

/** Largest move from the base price, in basis points. */
const swingBasisPoints = { volatile: 200, stable: 5 } as const;
const stablecoins = new Set(['USDT', 'USDC', 'DAI']);

interface SimulatedCoin {
  name: string;
  /** The base price in units of 10^-scale USD. */
  priceUnits: bigint;
  scale: number;
  /** Market cap at the base price in cents; null when unknown. */
  marketCapCents: bigint | null;
  rank: number | null;
}

export function createCoinPricesSimulator(options: CoinPricesSimulatorOptions = {}): CoinPricesProvider {
  const now = options.now ?? (() => new Date());
  const stepMs = options.stepMs ?? defaultSimulatorStepMs;
  if (!Number.isInteger(stepMs) || stepMs <= 0)
    throw new Error(`stepMs must be a positive whole number, got ${stepMs}`);
  const coins = new Map(demoSimulatedCoins());
  for (const symbol of normalizeSymbols(options.extraSymbols ?? [])) {
    if (!coins.has(symbol)) coins.set(symbol, derivedCoin(symbol));
  }
  return {
    kind: 'simulator',
    async listPrices(symbols) {
      const wanted = normalizeSymbols(symbols);
      const step = Math.floor(now().getTime() / stepMs);
      return wanted.flatMap((symbol) => {
        const coin = coins.get(symbol);
        return coin ? [quoteAt(symbol, coin, step, stepMs)] : [];
      });
    },
  };
}

function quoteAt(symbol: string, coin: SimulatedCoin, step: number, stepMs: number): CoinPriceQuote {
  const swing = stablecoins.has(symbol) ? swingBasisPoints.stable : swingBasisPoints.volatile;
  const move = BigInt((hash(`move:${symbol}:${step}`) % (2 * swing + 1)) - swing);
  const factor = 10_000n + move;
  // Exact: the base price times (10000 + move) / 10000 has four more fraction digits.
  const price = formatUnits(coin.priceUnits * factor, coin.scale + 4);
  const marketCap =
    coin.marketCapCents === null ? null : formatUnits((coin.marketCapCents * factor + 5_000n) / 10_000n, 2);
  return {
    symbol,
    name: coin.name,
    usdPrice: price,
    marketCapUsd: marketCap,
    marketCapRank: coin.rank,
    updatedAt: new Date(step * stepMs),
  };
}

function demoSimulatedCoins(): [string, SimulatedCoin][] {
  return demoCoinPrices.map((row) => {
    const [units, scale] = toUnits(row.usd_price);
    const name = demoCoins.find((coin) => coin.symbol === row.symbol)?.name ?? row.symbol;
    const marketCap = row.market_cap_usd ? toUnits(row.market_cap_usd) : null;
    return [
      row.symbol,
      {
        name,
        priceUnits: units,
        scale,
        marketCapCents: marketCap ? marketCap[0] * 10n ** BigInt(2 - marketCap[1]) : null,
        rank: row.market_cap_rank ?? null,
      },
    ];
  });
}

/** A coin the demo data does not have: 0.0001 to 100 USD, rank 100 to 999, from the symbol's hash. */
function derivedCoin(symbol: string): SimulatedCoin {
  const seed = hash(`coin:${symbol}`);
  const priceUnits = BigInt((seed % 1_000_000) + 1);
  const supply = BigInt((Math.floor(seed / 1_000_000) % 9_000) + 1_000) * 1_000_000n;
  return {
    name: symbol,
    priceUnits,
    scale: 4,
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

/** 48 bits of SHA-256: a safe integer, the same on every machine. */
function hash(text: string): number {
  return createHash('sha256').update(text, 'utf8').digest().readUIntBE(0, 6);
}
