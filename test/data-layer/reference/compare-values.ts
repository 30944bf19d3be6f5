// Whether a value in a data-layer response is the reference row's value, by column type: the
// JSON forms differ (int4 as a number, timestamps in the server's time zone) while the values
// must be the same. Plus exact decimal sums for `sum` aggregates.
import { isDeepStrictEqual } from 'node:util';
import type { ReferenceValue } from './reference-database.ts';

export function sameValue(type: string, response: unknown, reference: ReferenceValue): boolean {
  if (reference === null || response === null) return reference === null && response === null;
  if (type === 'jsonb' || type === 'json' || type.startsWith('_')) return isDeepStrictEqual(response, reference);
  if (typeof reference !== 'string') return false;
  switch (type) {
    case 'int2':
    case 'int4':
      return typeof response === 'number' && String(response) === reference;
    case 'bool':
      return response === (reference === 'true');
    case 'timestamptz':
      return typeof response === 'string' && timestampMicros(response) === timestampMicros(reference);
    default:
      return response === reference;
  }
}

/** Microseconds since the epoch of an ISO 8601 timestamp with offset (`2025-01-15T10:00:00.5+01:00`). */
export function timestampMicros(text: string): bigint | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match;
  const millis = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  return (BigInt(millis) - BigInt(offsetMinutes) * 60_000n) * 1000n + BigInt(fraction.padEnd(6, '0'));
}

/** A decimal string as a scaled integer. */
function parseDecimal(text: string): { units: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: '${text}'`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { units: BigInt(`${sign}${whole}${fraction}`), scale: fraction.length };
}

/** The exact sum of decimal strings, with trailing fractional zeros removed. */
export function decimalSum(values: readonly string[]): string {
  const parsed = values.map(parseDecimal);
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  const total = parsed.reduce((sum, value) => sum + value.units * 10n ** BigInt(scale - value.scale), 0n);
  return normalizeDecimal(formatScaled(total, scale));
}

function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** `12.3400` → `12.34`, `5.000` → `5`, `-0.0` → `0`. */
export function normalizeDecimal(text: string): string {
  let normalized = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  if (/^-0$/.test(normalized)) normalized = '0';
  return normalized;
}
