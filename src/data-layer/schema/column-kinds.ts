// Column PostgreSQL type → its GraphQL scalar and what the schema offers for it: LIKE for text,
// jsonb operators for jsonb, sum/avg for numbers, min/max for ordered types. Types outside this list read as String.
import { GraphQLBoolean, GraphQLInt, GraphQLString, type GraphQLScalarType } from 'graphql';
import { bigintScalar, dateScalar, jsonbScalar, numericScalar, timestamptzScalar, uuidScalar } from './scalar-types.ts';

export interface ColumnKind {
  readonly scalar: GraphQLScalarType;
  /** A PostgreSQL array column (text[] → [String!]). */
  readonly list: boolean;
  readonly text: boolean;
  /** A jsonb column: offers the jsonb operators (_contains, _has_key, …, _cast). */
  readonly json: boolean;
  readonly summable: boolean;
  readonly comparable: boolean;
}

const kind = (scalar: GraphQLScalarType, traits: Partial<Omit<ColumnKind, 'scalar'>> = {}): ColumnKind => ({
  scalar,
  list: false,
  text: false,
  json: false,
  summable: false,
  comparable: false,
  ...traits,
});

const kinds: Readonly<Record<string, ColumnKind>> = {
  int2: kind(GraphQLInt, { summable: true, comparable: true }),
  int4: kind(GraphQLInt, { summable: true, comparable: true }),
  int8: kind(bigintScalar, { summable: true, comparable: true }),
  numeric: kind(numericScalar, { summable: true, comparable: true }),
  text: kind(GraphQLString, { text: true, comparable: true }),
  varchar: kind(GraphQLString, { text: true, comparable: true }),
  bpchar: kind(GraphQLString, { text: true, comparable: true }),
  uuid: kind(uuidScalar),
  bool: kind(GraphQLBoolean),
  timestamptz: kind(timestamptzScalar, { comparable: true }),
  date: kind(dateScalar, { comparable: true }),
  jsonb: kind(jsonbScalar, { json: true }),
  _text: kind(GraphQLString, { list: true }),
};

export function columnKind(dataType: string): ColumnKind {
  return kinds[dataType] ?? kind(GraphQLString);
}

/** The name of the `<scalar>_comparison_exp` input for the column. */
export function comparisonTypeName(columnKind: ColumnKind): string {
  return columnKind.list
    ? `${columnKind.scalar.name}_array_comparison_exp`
    : `${columnKind.scalar.name}_comparison_exp`;
}
