// Reading a provider's JSON answer field by field (docs/providers.md#clients): each reader returns
// the value in the port's form or throws a ShapeError naming the field by its path (`$[0].symbol`)
// and what was expected, so a client can say exactly how an answer broke the contract.
import BigNumber from 'bignumber.js';
import { JsonNumber } from './json-number.ts';

export class ShapeError extends Error {
  readonly path: string;
  constructor(path: string, expected: string, got: unknown) {
    super(`${path} must be ${expected}, got ${describe(got)}`);
    this.name = 'ShapeError';
    this.path = path;
  }
}

/** Plain notation for any exponent: `1.23e-8` → `0.0000000123`. */
const Plain = BigNumber.clone({ EXPONENTIAL_AT: 1e9 });
/** Decimal text on the wire: a JSON number's form, or the same as a string. */
const wireDecimal = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** Exponents beyond this are no price or amount: refuse before expanding thousands of digits. */
const maxExponent = 60;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber);
}

export function readRecord(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ShapeError(path, 'an object', value);
  return value;
}

export function readArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, 'an array', value);
  return value;
}

export function readString(value: unknown, path: string, options: { maxLength?: number } = {}): string {
  const maxLength = options.maxLength ?? 200;
  if (typeof value !== 'string' || value === '' || value.length > maxLength) {
    throw new ShapeError(path, `a string of 1 to ${maxLength} characters`, value);
  }
  return value;
}

/**
 * A non-negative decimal, as a JSON number or a string, in plain notation (`1.23e-8` →
 * `"0.0000000123"`, `94250.10` → `"94250.10"`): the port's decimal string, whatever notation the
 * provider wrote.
 */
export function readDecimal(value: unknown, path: string): string {
  const text = value instanceof JsonNumber ? value.source : typeof value === 'string' ? value : undefined;
  const exponent = text === undefined ? undefined : /[eE]([+-]?\d+)$/.exec(text)?.[1];
  if (
    text === undefined ||
    !wireDecimal.test(text) ||
    text.startsWith('-') ||
    (exponent !== undefined && Math.abs(Number(exponent)) > maxExponent)
  ) {
    throw new ShapeError(path, 'a non-negative decimal number', value);
  }
  // Plain text stays as written (`"100.50"` keeps its cents); an exponent is written out.
  if (exponent === undefined) return text;
  const parsed = new Plain(text);
  return parsed.isZero() ? '0' : parsed.toFixed();
}

/** A whole JSON number from `min` to `max` (a rank, a count). */
export function readInteger(value: unknown, path: string, min: number, max: number): number {
  const number = value instanceof JsonNumber ? Number(value.source) : undefined;
  if (number === undefined || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new ShapeError(path, `a whole number from ${min} to ${max}`, value);
  }
  return number;
}

/** A JSON number from `min` to `max`, as a JavaScript number (a score, a share in percent). */
export function readNumber(value: unknown, path: string, min: number, max: number): number {
  const number = value instanceof JsonNumber ? Number(value.source) : undefined;
  if (number === undefined || !Number.isFinite(number) || number < min || number > max) {
    throw new ShapeError(path, `a number from ${min} to ${max}`, value);
  }
  return number;
}

/** An ISO 8601 date-time with a zone (`2026-01-15T10:30:00.000Z`). */
export function readDate(value: unknown, path: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const time = typeof value === 'string' && iso.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new ShapeError(path, 'an ISO 8601 date-time with a time zone', value);
  return new Date(time);
}

/** One of `values`, compared without regard to case; returns the spelling of `values`. */
export function readOneOf<const T extends string>(value: unknown, path: string, values: readonly T[]): T {
  const found =
    typeof value === 'string' ? values.find((candidate) => candidate.toLowerCase() === value.toLowerCase()) : undefined;
  if (found === undefined) throw new ShapeError(path, `one of ${values.join(', ')}`, value);
  return found;
}

/** For messages: short, and never more than an excerpt of what the provider sent. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof JsonNumber) return value.source.slice(0, 40);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : String(value);
}
