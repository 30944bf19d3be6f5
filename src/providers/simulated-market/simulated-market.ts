// The simulated market (docs/market-data.md#the-simulated-market): one USD price per coin, moving
// every step (a second by default) along a bounded random walk around the coin's base price, the
// demo data's price (docs/demo-data.md) or one derived from the symbol. Both simulators read it:
// the coin prices simulator quotes it and the market data simulator centres its books on it, so
// a valuation at the coin prices and an OTC quote from the books agree within the spread and the
// fee. The walk is a pure function of the seed and the time (brownian-path.ts) reflected into
// the band (±2 %, ±0.05 % for stablecoins): the same seed gives every node the same market.
import { createHash } from 'node:crypto';
import { demoUsdPrices } from '../../db/seed/demo-market.ts';
import { type BrownianPath, brownianPath } from './brownian-path.ts';

export interface SimulatedMarketOptions {
  /** SIMULATED_MARKET_SEED, 0 to 2^32 − 1; the same seed gives the same market at the same time. Default 1. */
  readonly seed?: number;
  /** How long one move of the market lasts. Default 1000 ms. */
  readonly stepMs?: number;
}

/** A coin's move from its base price at an instant, in units of 10^-8 (1,000,000 is +1 %). */
export type MarketMove = bigint;

export interface SimulatedMarket {
  readonly seed: number;
  readonly stepMs: number;
  /** The largest move of the coin either way, in the units of `MarketMove`. */
  band(symbol: string): bigint;
  /** The coin's price before any move: USD per whole coin, exact decimal text. */
  basePrice(symbol: string): string;
  /** The coin's move at `at` (as of the start of its step), within ± band. */
  move(symbol: string, at: Date): MarketMove;
  /** The coin's USD price at `at`: base price × (1 + move), exact decimal text; `USD` is always 1. */
  usdPrice(symbol: string, at: Date): string;
}

export const defaultMarketStepMs = 1_000;
/** Moves are counted in 10^-8 of the base price. */
export const moveScale = 100_000_000n;
const stablecoins = new Set(['USDT', 'USDC', 'DAI']);
/** The band, in the units of `MarketMove`: 200 and 5 basis points. */
const bands = { volatile: 2_000_000n, stable: 50_000n } as const;
/** The walk's standard deviation per step is the band over √(steps a day): it spans the band in about a day. */
const dayMs = 86_400_000;

export function createSimulatedMarket(options: SimulatedMarketOptions = {}): SimulatedMarket {
  const seed = options.seed ?? 1;
  const stepMs = options.stepMs ?? defaultMarketStepMs;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`seed must be a whole number from 0 to 4294967295, got ${seed}`);
  if (!Number.isInteger(stepMs) || stepMs <= 0)
    throw new RangeError(`stepMs must be a positive whole number, got ${stepMs}`);
  const paths = new Map<string, BrownianPath>();
  const pathOf = (symbol: string) => paths.get(symbol) ?? paths.set(symbol, brownianPath(seed, symbol)).get(symbol)!;
  const band = (symbol: string) => (stablecoins.has(symbol) ? bands.stable : bands.volatile);
  const perStep = 1 / Math.sqrt(dayMs / stepMs);
  const move = (symbol: string, at: Date): MarketMove => {
    if (symbol === 'USD') return 0n;
    const width = Number(band(symbol));
    const walked = pathOf(symbol).at(Math.floor(at.getTime() / stepMs)) * width * perStep;
    return BigInt(Math.round(reflect(walked, width)));
  };
  return {
    seed,
    stepMs,
    band,
    basePrice,
    move,
    usdPrice: (symbol, at) => (symbol === 'USD' ? '1' : moved(basePrice(symbol), move(symbol, at))),
  };
}

/** `x` folded into [−bound, bound], as a walk reflected at both ends of the band. */
function reflect(x: number, bound: number): number {
  const period = 4 * bound;
  const phase = (((x + bound) % period) + period) % period;
  const folded = phase <= 2 * bound ? phase - bound : 3 * bound - phase;
  return Math.min(bound, Math.max(-bound, folded));
}

/** `price` × (1 + move / 10^8), exactly, without trailing fraction zeros. */
export function moved(price: string, move: MarketMove): string {
  const [whole, fraction = ''] = price.split('.');
  const units = BigInt(`${whole}${fraction}`) * (moveScale + move);
  return formatUnits(units, fraction.length + 8);
}

/** The demo data's price, else 0.0001 to 100 USD derived from SHA-256 of the symbol. */
export function basePrice(symbol: string): string {
  if (symbol === 'USD') return '1';
  if (symbol in demoUsdPrices) return demoUsdPrices[symbol as keyof typeof demoUsdPrices];
  return formatUnits(BigInt((symbolHash(symbol) % 1_000_000) + 1), 4);
}

/** 48 bits of SHA-256 of `coin:<symbol>`: a safe integer, the same on every machine. */
export function symbolHash(symbol: string): number {
  return createHash('sha256').update(`coin:${symbol}`, 'utf8').digest().readUIntBE(0, 6);
}

/** Units at `scale` as a plain decimal without trailing fraction zeros. */
function formatUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
