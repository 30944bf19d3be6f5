// Exact decimals as the API sends them (schema.graphql `Decimal`): strings, never floats. `Decimal`
// is a branded string, so a value read from the API cannot be mixed up with any string, and a
// string becomes one only through `decimal()`, which checks the form.
declare const decimalBrand: unique symbol;

/** An exact decimal string: optional `-`, digits, optional `.` and digits (schema.graphql `Decimal`). */
export type Decimal = string & { readonly [decimalBrand]: true };

/** What a `DecimalInput` accepts from the SDK: a `Decimal`, or a literal that reads as a number (`'0.5'`); never a JS number. */
export type DecimalInput = Decimal | `${number}`;

const form = /^-?\d+(\.\d+)?$/;

/** Checks and brands a decimal string; throws a `TypeError` naming the value otherwise. */
export function decimal(value: string): Decimal {
  if (!form.test(value)) throw new TypeError(`not a decimal string: ${JSON.stringify(value)}`);
  return value as Decimal;
}

/** `'0100.50'` → `'100.5'`, `'-0.0'` → `'0'`: one spelling per value, to key price levels by. */
export function normalizeDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const text = decimals ? `${integer}.${decimals}` : integer;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Orders two decimal strings exactly (negative, zero or positive, like a sort comparator). */
export function compareDecimals(a: string, b: string): number {
  const x = normalizeDecimal(a);
  const y = normalizeDecimal(b);
  const xNegative = x.startsWith('-');
  if (xNegative !== y.startsWith('-')) return xNegative ? -1 : 1;
  const sign = xNegative ? -1 : 1;
  const [xWhole = '', xFraction = ''] = (xNegative ? x.slice(1) : x).split('.');
  const [yWhole = '', yFraction = ''] = (xNegative ? y.slice(1) : y).split('.');
  if (xWhole.length !== yWhole.length) return sign * (xWhole.length - yWhole.length);
  const width = Math.max(xFraction.length, yFraction.length);
  const left = xWhole + xFraction.padEnd(width, '0');
  const right = yWhole + yFraction.padEnd(width, '0');
  return left === right ? 0 : sign * (left < right ? -1 : 1);
}
