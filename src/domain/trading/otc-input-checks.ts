// The input of `requestOtcQuote` and `calculateOtcQuote` (schema.graphql `RequestOtcQuoteInput`,
// `CalculateOtcQuoteInput`; docs/trading.md#input), checked and normalized before anything is
// read: currencies in upper case and different, the side, exactly one of `size` (the interface
// document's name, a decimal string or a JSON number, already a decimal string here) and
// `quoteSize`, positive. Every failing field is reported at once, each as VALIDATION_FAILED.
import type { OtcSide } from '../../access/trading/otc-quote-table.ts';
import { compareDecimal, parseDecimal } from '../money/decimal.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { UserFailure } from '../outcomes/user-failure.ts';

export interface OtcPricingInput {
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  size?: string | null;
  quoteSize?: string | null;
  organizationId?: string | null;
}

/** Which input field carried the size: errors about the size name it. */
export type SizeField = 'size' | 'quoteSize';

export interface CheckedPricingInput {
  fromCurrency: string;
  toCurrency: string;
  side: OtcSide;
  /** Positive, in its shortest form. */
  size: string;
  sizeField: SizeField;
  organizationId: string | null;
}

/** A currency code as trading product ids spell their halves (`BTC` of `BTC-USD`). */
const currencyCode = /^[A-Z0-9]{2,15}$/;

function currency(field: 'fromCurrency' | 'toCurrency', value: string, errors: UserError[]): string {
  const code = value.trim().toUpperCase();
  if (!currencyCode.test(code))
    errors.push(
      userError(
        'VALIDATION_FAILED',
        `${field} must be a currency code of 2 to 15 letters or digits, for example BTC`,
        field,
      ),
    );
  return code;
}

function sizeOf(input: OtcPricingInput, errors: UserError[]): { size: string; sizeField: SizeField } {
  const given = (['size', 'quoteSize'] as const).filter((field) => input[field] != null);
  if (given.length !== 1) {
    errors.push(
      given.length === 0
        ? userError('VALIDATION_FAILED', 'size is required: give size (or quoteSize)', 'size')
        : userError('VALIDATION_FAILED', 'give exactly one of size and quoteSize, not both'),
    );
    return { size: '0', sizeField: 'size' };
  }
  const sizeField = given[0]!;
  const size = parseDecimal(input[sizeField]);
  if (compareDecimal(size, '0') <= 0)
    errors.push(userError('VALIDATION_FAILED', `${sizeField} must be positive, got ${size}`, sizeField));
  return { size, sizeField };
}

/** The normalized input; a UserFailure listing every problem when any field fails. */
export function checkPricingInput(input: OtcPricingInput): CheckedPricingInput {
  const errors: UserError[] = [];
  const fromCurrency = currency('fromCurrency', input.fromCurrency, errors);
  const toCurrency = currency('toCurrency', input.toCurrency, errors);
  if (errors.length === 0 && fromCurrency === toCurrency)
    errors.push(userError('VALIDATION_FAILED', 'toCurrency must differ from fromCurrency', 'toCurrency'));
  const { size, sizeField } = sizeOf(input, errors);
  if (errors.length > 0) throw new UserFailure(errors);
  return { fromCurrency, toCurrency, side: input.side, size, sizeField, organizationId: input.organizationId ?? null };
}
