// Random GraphQL operations drawn from a schema (schema.graphql, or one role's SDL of the data
// layer in generated/data-layer/): root fields with arguments, literal or as variables of
// mostly-right values, and nested selections, so documents get past parsing and validation into
// resolvers and the data layer's SQL.
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { Draw } from './draw.ts';
import { hostileText } from './hostile-strings.ts';
import { wrongValue } from './schema-values.ts';

export interface DrawnOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

interface Building {
  draw: Draw;
  schema: GraphQLSchema;
  variables: Record<string, unknown>;
  declarations: string[];
}

/**
 * The data layer's writes of `app_user` (the admin secret may make them, an upsert may even
 * change a user's id): the demo users are the fuzz's own credentials, minted afresh while it runs
 * (fuzz-credentials.ts), so their rows stay as they are. Every other write is drawn.
 */
const writesFuzzUsers = /^(insert|update|delete)_app_user(_one|_by_pk|_many)?$/;

export function randomOperation(draw: Draw, schema: GraphQLSchema): DrawnOperation {
  const mutation = schema.getMutationType();
  const subscription = schema.getSubscriptionType();
  const kind = draw.weighted([
    [14, 'query'],
    [mutation ? 5 : 0, 'mutation'],
    [subscription ? 1 : 0, 'subscription'],
  ] as const);
  const root =
    (kind === 'mutation' ? mutation : kind === 'subscription' ? subscription : schema.getQueryType()) ?? null;
  const building: Building = { draw, schema, variables: {}, declarations: [] };
  const fields = root
    ? Object.values(root.getFields()).filter((field) => kind !== 'mutation' || !writesFuzzUsers.test(field.name))
    : [];
  const count = draw.weighted([
    [8, 1],
    [3, 2],
    [1, 3],
  ] as const);
  const selections = Array.from({ length: fields.length > 0 ? count : 0 }, (_, index) => {
    const alias = count > 1 ? `r${index}: ` : '';
    return `${alias}${fieldSelection(building, draw.pick(fields), draw.int(1, 4))}`;
  });
  const name = draw.chance(0.5) ? `Fuzz${draw.int(0, 99)}` : undefined;
  const header = [kind, name ?? '', building.declarations.length > 0 ? `(${building.declarations.join(', ')})` : '']
    .filter((part) => part !== '')
    .join(' ');
  return {
    query: `${header} { ${selections.join(' ') || '__typename'} }`,
    variables: building.variables,
    ...(name && draw.chance(0.8) ? { operationName: name } : {}),
  };
}

function fieldSelection(building: Building, field: GraphQLField<unknown, unknown>, depth: number): string {
  const { draw } = building;
  const args = field.args.filter((arg) => isNonNullType(arg.type) || draw.chance(0.35));
  const argumentText = args.length > 0 ? `(${args.map((arg) => argumentOf(building, arg)).join(', ')})` : '';
  const type = getNamedType(field.type);
  return `${field.name}${argumentText}${isLeafType(type) ? '' : ` { ${selectionSet(building, type, depth - 1)} }`}`;
}

function selectionSet(building: Building, type: GraphQLNamedType, depth: number): string {
  const { draw, schema } = building;
  if (isAbstractType(type)) {
    const possible = schema.getPossibleTypes(type);
    if (possible.length === 0 || depth <= 0) return '__typename';
    return `__typename ... on ${draw.pick(possible).name} { ${selectionSet(building, draw.pick(possible), depth)} }`;
  }
  if (!isObjectType(type)) return '__typename';
  const fields = Object.values((type as GraphQLObjectType).getFields());
  const usable = depth > 0 ? fields : fields.filter((field) => isLeafType(getNamedType(field.type)));
  if (usable.length === 0) return '__typename';
  const count = draw.int(1, Math.min(4, usable.length));
  return Array.from({ length: count }, () => fieldSelection(building, draw.pick(usable), depth)).join(' ');
}

function argumentOf(building: Building, arg: GraphQLArgument): string {
  const { draw } = building;
  if (draw.chance(0.25)) {
    const name = `v${building.declarations.length}`;
    building.declarations.push(`$${name}: ${String(arg.type)}`);
    building.variables[name] = draw.chance(0.95) ? jsonValue(draw, arg.type, 0) : wrongValue(draw);
    return `${arg.name}: $${name}`;
  }
  return `${arg.name}: ${literal(draw, arg.type, 0)}`;
}

/** A GraphQL literal for `type`, right most of the time. */
export function literal(draw: Draw, type: GraphQLInputType, depth: number): string {
  if (isNonNullType(type)) return literal(draw, type.ofType, depth);
  if (draw.chance(0.01)) return draw.pick(['null', '"wrong"', '123', '{}', '[]', 'true', 'UNKNOWN_ENUM']);
  if (isListType(type)) {
    const count = depth > 3 ? 0 : draw.int(0, 3);
    return `[${Array.from({ length: count }, () => literal(draw, type.ofType, depth + 1)).join(', ')}]`;
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter(
      (field) => isNonNullType(field.type) || (depth < 3 && draw.chance(0.3)),
    );
    return `{${fields.map((field) => `${field.name}: ${literal(draw, field.type, depth + 1)}`).join(', ')}}`;
  }
  if (isEnumType(type)) return draw.pick(type.getValues()).name;
  const value = scalarValue(draw, isScalarType(type) ? type.name : 'String');
  // A lone surrogate makes the whole document a syntax error; the mutations send those on purpose.
  return typeof value === 'string' ? JSON.stringify(value.toWellFormed()) : String(value);
}

/** The same, as a JSON value for `variables`. */
function jsonValue(draw: Draw, type: GraphQLInputType, depth: number): unknown {
  if (isNonNullType(type)) return jsonValue(draw, type.ofType, depth);
  if (isListType(type))
    return Array.from({ length: depth > 3 ? 0 : draw.int(0, 3) }, () => jsonValue(draw, type.ofType, depth + 1));
  if (isInputObjectType(type)) {
    const entries = Object.values(type.getFields())
      .filter((field) => isNonNullType(field.type) || (depth < 3 && draw.chance(0.3)))
      .map((field) => [field.name, jsonValue(draw, field.type, depth + 1)]);
    return Object.fromEntries(entries);
  }
  if (isEnumType(type)) return draw.pick(type.getValues()).name;
  return scalarValue(draw, isScalarType(type) ? type.name : 'String');
}

function scalarValue(draw: Draw, name: string): string | number | boolean {
  const odd = draw.chance(0.05);
  switch (name) {
    case 'Int':
    case 'bigint':
      return odd
        ? draw.pick([2_147_483_647, 2_147_483_648, -2_147_483_649, 10_001, -1, 9_007_199_254_740_993])
        : draw.pick([0, 1, 2, 3, 5, 8, 10, 100]);
    case 'Float':
    case 'numeric':
      return odd ? draw.pick([1e308, -1e308, 5e-324, -0]) : draw.pick([0, 1.5, 100.25]);
    case 'Boolean':
      return draw.chance(0.5);
    case 'UUID':
    case 'uuid':
      return odd ? hostileText(draw) : `11111111-0000-4000-8000-00000000000${draw.int(1, 3)}`;
    case 'Decimal':
      return odd ? draw.pick(['1e999', 'NaN', '-', '9'.repeat(400), '0.1.2']) : draw.pick(['0', '1.50', '100000.123']);
    case 'DecimalInput':
      return odd
        ? draw.pick(['1e999', 0.12345678901234568, 1e300, '-', '0.1.2'])
        : draw.pick([0.5, '1.50', 2, '0.001']);
    case 'DateTime':
    case 'timestamptz':
    case 'date':
      return odd ? draw.pick(['yesterday', '2025-13-45', '+275760-09-13T00:00:00Z', '']) : '2025-10-01T00:00:00Z';
    case 'jsonb':
      return JSON.stringify(draw.json(2));
    default:
      return odd ? hostileText(draw) : draw.pick(['demo-alice', 'x', '1', 'BTC', 'basic-kyc-level', '%a%']);
  }
}
