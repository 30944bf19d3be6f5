// Amounts on chains are whole numbers of base units (satoshi, wei) as strings
// (docs/domain.md#money); the API also shows them in whole coins. Both conversions are
// text operations on digits, exact for any size: no float and no rounding.

/** A positive whole number of base units: digits, no sign, no leading zero, at most 78 digits (2^256 has 78). */
export const positiveBaseUnitsPattern = /^[1-9][0-9]{0,77}$/;

const baseUnitsText = /^(0|[1-9][0-9]*)$/;

/** The most decimal places a coin may have (the `coin.decimals` CHECK of migration 0001). */
const maxDecimals = 36;

/** `"150000"` satoshi at 8 decimals → `"0.0015"`; trailing fraction zeros dropped, `"0"` for zero. */
export function baseUnitsToWhole(baseUnits: string, decimals: number): string {
  if (!baseUnitsText.test(baseUnits)) throw new Error(`not a base-unit amount: ${JSON.stringify(baseUnits)}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > maxDecimals)
    throw new Error(`decimals must be a whole number from 0 to ${maxDecimals}, got ${decimals}`);
  if (decimals === 0) return baseUnits;
  const padded = baseUnits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * `"0.0015"` BTC at 8 decimals → `"150000"`; null when the amount has more fraction digits than
 * the coin has decimals (it is not a whole number of base units) or is not a plain decimal.
 */
export function wholeToBaseUnits(whole: string, decimals: number): string | null {
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(whole);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  const digits = `${match[1]}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=[0-9])/, '');
  return digits;
}
