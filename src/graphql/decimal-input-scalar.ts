// schema.graphql `DecimalInput`: an exact decimal a client may send either as a `Decimal` string or
// as a JSON number (the interface document gives `RequestOtcQuoteInput.size` as a number;
// docs/trading.md#sizes). Both become the same decimal string, so nothing past the transport ever
// holds a binary float. A literal in the document is read from its text, exactly; a number in the
// variables has already been through JSON.parse, so it is taken at its shortest round-trip form
// and refused where that may differ from what the client wrote (more than 15 significant digits,
// or beyond ±2^53): such a size must be sent as a string.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { decimalFromNumberText } from '../domain/money/decimal.ts';

/** The accepted plain form, as the `Decimal` scalar's: at most 38 integer and 18 fraction digits. */
const decimal = /^-?(0|[1-9]\d{0,37})(\.\d{1,18})?$/;

/** Every decimal of at most 15 significant digits survives a round trip through a double. */
const exactSignificantDigits = 15;

const expected = 'a decimal such as "0.5" or 0.5';

function refuse(message: string): never {
  throw new GraphQLError(`DecimalInput must be ${expected}: ${message}`, { extensions: { code: 'BAD_USER_INPUT' } });
}

function checked(value: string | null, shown: string): string {
  if (value === null || !decimal.test(value))
    refuse(`got ${shown} (at most 38 integer and 18 fraction digits, no exponent beyond ±60)`);
  return value;
}

function significantDigits(shortest: string): number {
  const mantissa = shortest.replace(/^-/, '').split(/e/i)[0]!.replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** A JSON number of the variables, as the decimal the client wrote. */
function fromNumber(value: number): string {
  if (!Number.isFinite(value)) refuse(`got ${value}`);
  const shortest = String(value);
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER || significantDigits(shortest) > exactSignificantDigits)
    refuse(`the number ${shortest} may not be exactly what was sent; send more than 15 significant digits as a string`);
  return checked(decimalFromNumberText(shortest), shortest);
}

function parseValue(value: unknown): string {
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value === 'string') return checked(value, JSON.stringify(value.slice(0, 60)));
  return refuse(`got ${value === null ? 'null' : typeof value}`);
}

function parseLiteral(node: ValueNode): string {
  if (node.kind === Kind.STRING) return checked(node.value, JSON.stringify(node.value.slice(0, 60)));
  if (node.kind === Kind.INT || node.kind === Kind.FLOAT)
    return checked(decimalFromNumberText(node.value), node.value.slice(0, 60));
  return refuse(`got a ${node.kind} literal`);
}

export const decimalInputScalar = new GraphQLScalarType<string, string>({
  name: 'DecimalInput',
  description: 'An exact decimal given as a Decimal string or as a JSON number',
  // Input only; should one ever be echoed, it is the decimal string it was parsed into.
  serialize: (value) => parseValue(value),
  parseValue,
  parseLiteral,
});
