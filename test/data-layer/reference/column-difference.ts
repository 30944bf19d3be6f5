// The order of two columns' values of one row, for the rules' column comparisons (`_ceq`,
// `_cgt`, …): the reference's ranks are per column, so two columns are compared by their type
// here instead — numbers as exact decimals, timestamps as instants, dates and uuids as text
// (ISO dates sort as text), other text by equality only (collation order is not modelled).
import { timestampMicros } from './compare-values.ts';

const numericTypes = new Set(['int2', 'int4', 'int8', 'numeric']);

/** A decimal string as [integer units, scale]. */
function decimal(text: string): [bigint, number] {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`reference: not a decimal '${text}'`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return [BigInt(`${sign}${whole}${fraction}`), fraction.length];
}

function compareDecimals(left: string, right: string): number {
  const [a, scaleA] = decimal(left);
  const [b, scaleB] = decimal(right);
  const scale = Math.max(scaleA, scaleB);
  const difference = a * 10n ** BigInt(scale - scaleA) - b * 10n ** BigInt(scale - scaleB);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

/** Negative, zero or positive as left sorts before, with or after right; NaN when unequal and not ordered here. */
export function columnDifference(leftType: string, rightType: string, left: string, right: string): number {
  if (numericTypes.has(leftType) && numericTypes.has(rightType)) return compareDecimals(left, right);
  if (leftType === 'timestamptz' && rightType === 'timestamptz') {
    const difference = (timestampMicros(left) as bigint) - (timestampMicros(right) as bigint);
    return difference === 0n ? 0 : difference > 0n ? 1 : -1;
  }
  if (leftType === rightType && (leftType === 'date' || leftType === 'uuid'))
    return left < right ? -1 : left > right ? 1 : 0;
  // Text and the rest: equality only; NaN says "different, order unknown".
  return left === right ? 0 : Number.NaN;
}
