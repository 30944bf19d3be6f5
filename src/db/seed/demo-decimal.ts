// Exact decimal arithmetic on strings for the demo figures. Money is decimal strings end to
// end (docs/domain.md#money); floats would drift from the numeric columns that the consistency
// checks (asset value = balance × price, invoice total = lines + tax) compare against.
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  const match = decimalPattern.exec(value);
  if (!match) throw new Error(`not a decimal string: ${value}`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Rescales, rounding half away from zero (PostgreSQL's `round(numeric, n)`). */
function rescale(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return units < 0n ? -rounded : rounded;
}

/** The product of the factors, rounded to `scale` fraction digits. */
export function multiply(factors: readonly string[], scale: number): string {
  let product: Scaled = { units: 1n, scale: 0 };
  for (const factor of factors) {
    const next = parse(factor);
    product = { units: product.units * next.units, scale: product.scale + next.scale };
  }
  return format(rescale(product.units, product.scale, scale), scale);
}

/** The sum of the terms, rounded to `scale` fraction digits (terms are rescaled first, exactly). */
export function sum(terms: readonly string[], scale: number): string {
  const maxScale = Math.max(scale, ...terms.map((term) => parse(term).scale));
  let total = 0n;
  for (const term of terms) {
    const next = parse(term);
    total += rescale(next.units, next.scale, maxScale);
  }
  return format(rescale(total, maxScale, scale), scale);
}

export function subtract(minuend: string, subtrahend: string, scale: number): string {
  return sum([minuend, multiply([subtrahend, '-1'], parse(subtrahend).scale)], scale);
}

/** An amount in whole coins as an integer string of base units (satoshi, wei, lamports). */
export function toBaseUnits(amount: string, decimals: number): string {
  const parsed = parse(amount);
  if (parsed.scale > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return format(rescale(parsed.units, parsed.scale, decimals), 0);
}

/** `dividend / divisor` rounded down to `scale` fraction digits (positive operands): units a dealing issues. */
export function divideDown(dividend: string, divisor: string, scale: number): string {
  const top = parse(dividend);
  const bottom = parse(divisor);
  if (top.units < 0n || bottom.units <= 0n)
    throw new Error(`divideDown takes positive operands: ${dividend} / ${divisor}`);
  // dividend / divisor = (top.units / 10^top.scale) / (bottom.units / 10^bottom.scale).
  const numerator = top.units * 10n ** BigInt(scale + bottom.scale);
  const denominator = bottom.units * 10n ** BigInt(top.scale);
  return format(numerator / denominator, scale);
}
