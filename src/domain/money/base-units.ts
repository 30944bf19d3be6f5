// Chain amounts are whole numbers of the coin's base unit (satoshi, wei) kept as decimal text
// (docs/domain.md#money); clients also want them in whole coins. Shifting the decimal point of
// the text is exact for any size and needs no arithmetic.

/** A non-negative whole number without leading zeros, as `numeric(78, 0)` writes one. */
const baseUnitsText = /^(0|[1-9]\d*)$/;

/** The most decimal places a coin may have (the `coin.decimals` CHECK of migration 0001). */
const maxDecimals = 36;

/**
 * `baseUnits` in whole units of a coin with `decimals` places, in the shortest form:
 * `wholeUnits("150000000", 8)` = `"1.5"`, `wholeUnits("5", 18)` = `"0.000000000000000005"`.
 */
export function wholeUnits(baseUnits: string, decimals: number): string {
  if (!baseUnitsText.test(baseUnits)) throw new Error(`not a base-unit amount: ${JSON.stringify(baseUnits)}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > maxDecimals)
    throw new Error(`decimals must be a whole number from 0 to ${maxDecimals}, got ${decimals}`);
  const padded = baseUnits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
