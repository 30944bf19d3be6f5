// The data layer's custom scalars, named after their PostgreSQL types as Hasura names them. bigint
// and numeric travel as decimal strings, never floats (docs/data-layer.md#the-schema-of-a-role);
// uuid, date and timestamptz are strings checked here, so a malformed value is refused before any
// SQL.
import { GraphQLError, GraphQLScalarType, Kind, type ConstValueNode } from 'graphql';

const patterns = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  bigint: /^-?\d{1,19}$/,
  numeric: /^-?\d{1,131072}(\.\d{1,16383})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i,
};

function refuse(name: string, expected: string, got: unknown): never {
  const shown =
    typeof got === 'string' ? JSON.stringify(got.length > 100 ? `${got.slice(0, 100)}…` : got) : String(got);
  throw new GraphQLError(`${name} expects ${expected}, got ${shown}`);
}

function isValidDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function stringScalar(
  name: string,
  description: string,
  expected: string,
  accepts: (value: string) => boolean,
  fromNumber = false,
): GraphQLScalarType<string, string> {
  const check = (value: unknown): string => {
    const text = fromNumber && typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || !accepts(text)) refuse(name, expected, value);
    return text;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    coerceOutputValue: (value) => String(value),
    coerceInputValue: check,
    coerceInputLiteral: (node: ConstValueNode) => {
      if (node.kind === Kind.STRING || (fromNumber && (node.kind === Kind.INT || node.kind === Kind.FLOAT)))
        return check(node.value);
      return refuse(name, expected, node.kind === Kind.NULL ? null : 'a literal of another type');
    },
  });
}

export const uuidScalar = stringScalar('uuid', 'A UUID, as a string.', 'a UUID string', (v) => patterns.uuid.test(v));
export const bigintScalar = stringScalar(
  'bigint',
  'A 64-bit integer, as a decimal string (JSON numbers lose precision).',
  'an integer string',
  (v) => patterns.bigint.test(v) && BigInt(v) <= 9223372036854775807n && BigInt(v) >= -9223372036854775808n,
  true,
);
export const numericScalar = stringScalar(
  'numeric',
  'An exact decimal number, as a string such as "1234.56" (never a float).',
  'a decimal string such as "1234.56"',
  (v) => patterns.numeric.test(v),
  true,
);
export const dateScalar = stringScalar(
  'date',
  'A calendar date, YYYY-MM-DD.',
  'a date YYYY-MM-DD',
  (v) => patterns.date.test(v) && isValidDate(v),
);
export const timestamptzScalar = stringScalar(
  'timestamptz',
  'A point in time, ISO 8601 (2026-01-01T00:00:00+00:00).',
  'an ISO 8601 timestamp',
  (v) => patterns.timestamptz.test(v) && isValidDate(v),
);

function literalToJson(node: ConstValueNode): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(literalToJson);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalToJson(field.value)]));
  }
}

export const jsonbScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'jsonb',
  description: 'Any JSON value.',
  coerceOutputValue: (value) => value,
  coerceInputValue: (value) => value,
  coerceInputLiteral: literalToJson,
});

export const customScalars = [uuidScalar, bigintScalar, numericScalar, dateScalar, timestamptzScalar, jsonbScalar];
