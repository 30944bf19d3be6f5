// The custom scalars of schema.graphql. Money stays a decimal string end to end
// (docs/domain.md#money); invalid literals and variables are refused with a clear message.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { decimalInputScalar } from './decimal-input-scalar.ts';

function stringScalar(name: string, description: string, accepts: (value: string) => boolean, expected: string) {
  const check = (value: unknown): string => {
    if (typeof value !== 'string' || !accepts(value)) {
      throw new GraphQLError(`${name} must be ${expected}, got ${JSON.stringify(value)}`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) =>
      value instanceof Date ? value.toISOString() : check(typeof value === 'number' ? String(value) : value),
    parseValue: check,
    parseLiteral: (node: ValueNode) => {
      if (node.kind !== Kind.STRING) {
        throw new GraphQLError(`${name} must be given as a string literal (${expected})`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      return check(node.value);
    },
  });
}

const decimal = /^-?(0|[1-9]\d{0,37})(\.\d{1,18})?$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const scalars = {
  Decimal: stringScalar(
    'Decimal',
    'A decimal number as a string',
    (v) => decimal.test(v),
    'a decimal string such as "1234.56"',
  ),
  DecimalInput: decimalInputScalar,
  UUID: stringScalar('UUID', 'An RFC 9562 UUID', (v) => uuid.test(v), 'a UUID'),
  DateTime: stringScalar(
    'DateTime',
    'An RFC 3339 date-time',
    (v) => isoDateTime.test(v) && !Number.isNaN(Date.parse(v)),
    'an RFC 3339 date-time',
  ),
};
