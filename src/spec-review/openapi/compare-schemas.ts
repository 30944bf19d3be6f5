// Two versions of one schema at one place of an operation (docs/spec-diff.md#openapi-rules),
// walked together: its forms (oneOf/anyOf members, paired by content), then per form the values
// it admits, its properties (added, removed, required or not) and its items, recursively. A
// request property marked readOnly and a response property marked writeOnly are not part of that
// message and are skipped. A pair already being compared (a recursive schema) is not walked twice.
import { canonicalSchema } from './canonical-schema.ts';
import { at, found, type Found } from './openapi-change-kinds.ts';
import type { Json, OpenApiDocument } from './openapi-document.ts';
import { compareConstraints, compareListedValues, compareTypes, type Direction } from './compare-values.ts';
import { conjuncts, schemaFacts, variants, type SchemaFacts } from './schema-facts.ts';

export interface SchemaContext {
  readonly before: OpenApiDocument;
  readonly after: OpenApiDocument;
  readonly direction: Direction;
  /** The operation part the schema belongs to (`POST /x > request application/json`). */
  readonly prefix: string;
}

/** `path`: where in the message (`body.items[].id`); `walking`: pairs on the way here. */
export function compareSchemas(
  context: SchemaContext,
  before: readonly unknown[],
  after: readonly unknown[],
  path: string,
  walking: ReadonlySet<string> = new Set(),
): Found[] {
  const key = `${canonicalSchema(context.before, before)}\n${canonicalSchema(context.after, after)}`;
  if (walking.has(key)) return [];
  const [left, right] = [conjuncts(context.before, before), conjuncts(context.after, after)];
  if (canonicalSchema(context.before, left) === canonicalSchema(context.after, right)) return [];
  const inner = new Set([...walking, key]);
  const [leftForms, rightForms] = [variants(left), variants(right)];
  if (leftForms.length === 1 && rightForms.length === 1)
    return compareForms(
      context,
      conjuncts(context.before, leftForms[0] as Json[]),
      conjuncts(context.after, rightForms[0] as Json[]),
      path,
      inner,
    );
  return compareVariants(context, leftForms, rightForms, path, inner);
}

function compareForms(
  context: SchemaContext,
  left: Json[],
  right: Json[],
  path: string,
  walking: ReadonlySet<string>,
): Found[] {
  const [before, after] = [schemaFacts(left), schemaFacts(right)];
  const where = at(context.prefix, path);
  return [
    ...compareTypes(before, after, context.direction, where),
    ...compareListedValues(before, after, context.direction, where),
    ...compareConstraints(before, after, context.direction, where),
    ...(context.direction === 'request' && before.default !== after.default
      ? [
          found(
            'request-default-changed',
            at(where, 'default'),
            `default ${before.default ?? '(none)'} -> ${after.default ?? '(none)'}`,
          ),
        ]
      : []),
    ...compareProperties(context, before, after, path, walking),
    ...(before.additional.length > 0 && after.additional.length > 0
      ? compareSchemas(context, before.additional, after.additional, `${path}.*`, walking)
      : []),
    ...(context.direction === 'request' && !before.closed && after.closed
      ? [found('request-unknown-properties-refused', where, 'properties the spec does not name are now refused')]
      : []),
    ...(before.items.length > 0 || after.items.length > 0
      ? compareSchemas(context, before.items, after.items, `${path}[]`, walking)
      : []),
  ];
}

/** A property that is not part of this direction's messages (readOnly in requests, writeOnly in responses). */
function absent(context: SchemaContext, document: OpenApiDocument, schemas: readonly unknown[] | undefined): boolean {
  if (schemas === undefined) return true;
  const facts = schemaFacts(conjuncts(document, schemas));
  return context.direction === 'request' ? facts.readOnly : facts.writeOnly;
}

function compareProperties(
  context: SchemaContext,
  before: SchemaFacts,
  after: SchemaFacts,
  path: string,
  walking: ReadonlySet<string>,
): Found[] {
  const names = [...new Set([...before.properties.keys(), ...after.properties.keys()])];
  return names.flatMap((name) => {
    const [was, now] = [before.properties.get(name), after.properties.get(name)];
    const [wasAbsent, nowAbsent] = [absent(context, context.before, was), absent(context, context.after, now)];
    const where = at(context.prefix, `${path}.${name}`);
    if (wasAbsent && nowAbsent) return [];
    if (nowAbsent) return [propertyRemoved(context.direction, after, name, where)];
    if (wasAbsent) return [propertyAdded(context.direction, after.required.has(name), name, where)];
    return [
      ...requiredChange(context.direction, before.required.has(name), after.required.has(name), name, where),
      ...compareSchemas(context, was ?? [], now ?? [], `${path}.${name}`, walking),
    ];
  });
}

function propertyRemoved(direction: Direction, after: SchemaFacts, name: string, where: string): Found {
  if (direction === 'response') return found('response-property-removed', where, `property '${name}' removed`);
  return after.closed
    ? found('request-property-rejected', where, `property '${name}' removed and unknown properties are refused`)
    : found('request-property-removed', where, `property '${name}' removed (now ignored)`);
}

function propertyAdded(direction: Direction, required: boolean, name: string, where: string): Found {
  if (direction === 'response') return found('response-property-added', where, `property '${name}' added`);
  return required
    ? found('request-property-added-required', where, `required property '${name}' added`)
    : found('request-property-added', where, `optional property '${name}' added`);
}

function requiredChange(direction: Direction, was: boolean, now: boolean, name: string, where: string): Found[] {
  if (was === now) return [];
  if (direction === 'request')
    return [
      now
        ? found('request-property-became-required', where, `'${name}' is now required`)
        : found('request-property-became-optional', where, `'${name}' is now optional`),
    ];
  return [
    now
      ? found('response-property-became-required', where, `'${name}' is now always present`)
      : found('response-property-became-optional', where, `'${name}' may now be absent`),
  ];
}

/** A form's name in locations: its const-valued properties (`<scope=user>`), else its position. */
function formLabel(document: OpenApiDocument, form: readonly Json[], index: number): string {
  const facts = schemaFacts(conjuncts(document, form));
  const consts = [...facts.properties.entries()]
    .map(([name, schemas]) => [name, schemaFacts(conjuncts(document, schemas)).values] as const)
    .filter(([, values]) => values !== null && values.length === 1)
    .map(([name, values]) => `${name}=${JSON.parse((values as string[])[0] as string)}`);
  return consts.length > 0 ? `<${consts.sort().join(',')}>` : `<form ${index + 1}>`;
}

/** How alike two forms look: shared property names, shared single values, shared types. */
function likeness(document: [OpenApiDocument, OpenApiDocument], left: readonly Json[], right: readonly Json[]): number {
  const [a, b] = [schemaFacts(conjuncts(document[0], left)), schemaFacts(conjuncts(document[1], right))];
  const shared = [...a.properties.keys()].filter((name) => b.properties.has(name)).length;
  const sameLabel = formLabel(document[0], left, 0) === formLabel(document[1], right, 0) ? 10 : 0;
  const sameTypes = JSON.stringify([...(a.types ?? [])].sort()) === JSON.stringify([...(b.types ?? [])].sort()) ? 1 : 0;
  return sameLabel + shared * 2 + sameTypes;
}

/** Pairs the forms: equal ones first, then the most alike; the rest were removed or added. */
function pairForms(context: SchemaContext, left: readonly Json[][], right: readonly Json[][]): [number, number][] {
  const pairs: [number, number][] = [];
  const free = (index: number, side: 0 | 1) => !pairs.some((pair) => pair[side] === index);
  left.forEach((form, index) => {
    const text = canonicalSchema(context.before, form);
    const match = right.findIndex((other, at) => free(at, 1) && canonicalSchema(context.after, other) === text);
    if (match >= 0) pairs.push([index, match]);
  });
  const candidates = left
    .flatMap((form, index) =>
      right.map((other, at) => [index, at, likeness([context.before, context.after], form, other)] as const),
    )
    .filter(([, , score]) => score > 0)
    .sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
  for (const [index, match] of candidates) if (free(index, 0) && free(match, 1)) pairs.push([index, match]);
  return pairs;
}

function compareVariants(
  context: SchemaContext,
  left: readonly Json[][],
  right: readonly Json[][],
  path: string,
  walking: ReadonlySet<string>,
): Found[] {
  const pairs = pairForms(context, left, right);
  const removed = left.map((_, index) => index).filter((index) => !pairs.some(([from]) => from === index));
  const added = right.map((_, index) => index).filter((index) => !pairs.some(([, to]) => to === index));
  const removedKind = context.direction === 'request' ? 'request-variant-removed' : 'response-variant-removed';
  const addedKind = context.direction === 'request' ? 'request-variant-added' : 'response-variant-added';
  return [
    ...pairs.flatMap(([from, to]) =>
      compareSchemas(
        context,
        left[from] as Json[],
        right[to] as Json[],
        `${path}${formLabel(context.after, right[to] as Json[], to)}`,
        walking,
      ),
    ),
    ...removed.map((index) => {
      const label = formLabel(context.before, left[index] as Json[], index);
      return found(removedKind, at(context.prefix, `${path}${label}`), `form ${label} removed`);
    }),
    ...added.map((index) => {
      const label = formLabel(context.after, right[index] as Json[], index);
      return found(addedKind, at(context.prefix, `${path}${label}`), `form ${label} added`);
    }),
  ];
}
