// One GraphQL operation per root field of schema.graphql for the SDK (docs/sdk.md#graphql): its
// arguments become variables (server defaults apply when a variable is left out) and the
// selection takes every field of the result, recursively, so a client gets the whole record.
// Beside each document: where its DateTime fields sit (the runtime turns them into Dates),
// whether it pages with limit/offset, and whether its input carries an idempotency key.
import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
} from 'graphql';

export type OperationKind = 'query' | 'mutation' | 'subscription';

/** Where DateTime values sit in a result: `1` a DateTime field, an object its fields; `on:Type` keys apply by `__typename`. */
export interface DateTree {
  [key: string]: 1 | DateTree;
}

export interface OperationDocument {
  rootField: string;
  kind: OperationKind;
  /** `CoinPrice`: the operation's name, and the stem of its generated types. */
  name: string;
  text: string;
  dates: DateTree | null;
  /** The root field pages with `limit`/`offset` and answers an `OffsetPage` with `items`. */
  paged: boolean;
  /** The mutation's `input` has an `idempotencyKey` the server keeps (docs/custody.md#idempotent-sends). */
  idempotencyKey: boolean;
  description: string;
}

/** Object nesting below the root field; deeper fields are left out (no type here nests deeper). */
const maxDepth = 6;

export function buildOperationDocuments(schema: GraphQLSchema): OperationDocument[] {
  const roots: [OperationKind, GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) =>
    type ? Object.values(type.getFields()).map((field) => buildDocument(schema, kind, field)) : [],
  );
}

function buildDocument(schema: GraphQLSchema, kind: OperationKind, field: GraphQLField<unknown, unknown>) {
  const name = field.name[0]?.toUpperCase() + field.name.slice(1);
  const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`);
  const argumentsText = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const dates: DateTree = {};
  const selection = selectionOf(schema, field.type, 1, [], dates, '  ');
  const head = `${kind} ${name}${variables.length > 0 ? `(${variables.join(', ')})` : ''}`;
  const call = `${field.name}${argumentsText.length > 0 ? `(${argumentsText.join(', ')})` : ''}`;
  const names = new Set(field.args.map((arg) => arg.name));
  const input = field.args.find((arg) => arg.name === 'input');
  const inputType = input ? getNamedType(input.type) : null;
  return {
    rootField: field.name,
    kind,
    name,
    text: `${head} {\n  ${call}${selection}\n}\n`,
    dates: Object.keys(dates).length > 0 ? { [field.name]: dates } : null,
    paged: names.has('limit') && names.has('offset') && hasItems(field),
    idempotencyKey: isInputObjectType(inputType) && 'idempotencyKey' in inputType.getFields(),
    description: field.description ?? '',
  };
}

function hasItems(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type);
  return isObjectType(type) && 'items' in type.getFields() && type.getInterfaces().some((i) => i.name === 'OffsetPage');
}

/** ` { a b { c } }` for a composite type, '' for a leaf; records DateTime fields in `dates`. */
function selectionOf(
  schema: GraphQLSchema,
  outputType: Parameters<typeof getNamedType>[0],
  depth: number,
  path: string[],
  dates: DateTree,
  indent: string,
): string {
  const type = getNamedType(outputType);
  if (!type || !isCompositeType(type)) return '';
  if (depth > maxDepth || path.includes(type.name)) return '';
  const inner = `${indent}  `;
  const lines: string[] = [];
  if (isAbstractType(type)) {
    lines.push('__typename');
    if (isInterfaceType(type)) lines.push(...fieldLines(schema, type, depth, [...path, type.name], dates, inner));
    for (const member of schema.getPossibleTypes(type)) {
      const own = isInterfaceType(type) ? ownFields(member, type) : undefined;
      const memberDates: DateTree = {};
      const memberLines = fieldLines(schema, member, depth, [...path, type.name], memberDates, `${inner}  `, own);
      if (Object.keys(memberDates).length > 0) dates[`on:${member.name}`] = memberDates;
      if (memberLines.length > 0)
        lines.push(`... on ${member.name} {\n${inner}  ${memberLines.join(`\n${inner}  `)}\n${inner}}`);
    }
  } else {
    lines.push(...fieldLines(schema, type, depth, [...path, type.name], dates, inner));
  }
  return ` {\n${inner}${lines.join(`\n${inner}`)}\n${indent}}`;
}

/** Fields of `member` that the interface does not declare (the interface's are selected once). */
function ownFields(member: GraphQLObjectType, iface: GraphQLNamedType): Set<string> {
  const shared = isInterfaceType(iface) ? new Set(Object.keys(iface.getFields())) : new Set<string>();
  return new Set(Object.keys(member.getFields()).filter((name) => !shared.has(name)));
}

function fieldLines(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  depth: number,
  path: string[],
  dates: DateTree,
  indent: string,
  only?: Set<string>,
): string[] {
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const lines: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (only && !only.has(field.name)) continue;
    // A field with a required argument has no value to select without one.
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (named.name === 'DateTime') dates[field.name] = 1;
    if (!isCompositeType(named)) {
      lines.push(field.name);
      continue;
    }
    const nested: DateTree = {};
    const selection = selectionOf(schema, field.type, depth + 1, path, nested, indent);
    if (selection === '') continue;
    if (Object.keys(nested).length > 0) dates[field.name] = nested;
    lines.push(`${field.name}${selection}`);
  }
  return lines;
}
