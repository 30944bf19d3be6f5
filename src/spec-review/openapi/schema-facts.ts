// A JSON Schema (OpenAPI 3.1) reduced to what a client can observe (docs/spec-diff.md#openapi-rules):
// the types it admits, its listed values, bounds, properties, items and forms. `$ref` and `allOf`
// are expanded into a list of conjuncts first, so a schema written inline, through a component
// or as `allOf: [$ref]` reduces to the same facts; descriptions, titles and examples are not facts.
import { isObject, refProblem, refTarget, type Json, type OpenApiDocument } from './openapi-document.ts';
import { SpecReviewError } from '../spec-review-error.ts';

/** null: any type. `number` admits `integer`. */
export type TypeSet = ReadonlySet<string> | null;

export const upperBounds = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
export const lowerBounds = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
export const exactConstraints = ['pattern', 'format', 'multipleOf', 'uniqueItems'] as const;
type Constraint = (typeof upperBounds)[number] | (typeof lowerBounds)[number] | (typeof exactConstraints)[number];

export interface SchemaFacts {
  readonly types: TypeSet;
  /** enum and const values as JSON text; null: not restricted to a list. */
  readonly values: readonly string[] | null;
  readonly constraints: Partial<Record<Constraint, unknown>>;
  readonly properties: ReadonlyMap<string, readonly unknown[]>;
  readonly required: ReadonlySet<string>;
  /** additionalProperties (or unevaluatedProperties) is false. */
  readonly closed: boolean;
  readonly additional: readonly unknown[];
  readonly items: readonly unknown[];
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  /** The default as JSON text, undefined when none. */
  readonly default: string | undefined;
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

function followRef(document: OpenApiDocument, ref: string, seen: readonly string[]): unknown {
  if (seen.includes(ref)) throw refProblem(document, ref, `$ref '${ref}' refers to itself`);
  return refTarget(document, ref);
}

/** The schema as plain conjuncts: every `$ref` followed, every `allOf` flattened, booleans as schemas. */
export function conjuncts(
  document: OpenApiDocument,
  schemas: readonly unknown[],
  seen: readonly string[] = [],
): Json[] {
  return schemas.flatMap((schema): Json[] => {
    if (schema === true || schema === undefined) return [{}];
    if (schema === false) return [{ type: [] }];
    if (!isObject(schema)) throw new SpecReviewError(`${document.label}: a schema is not a mapping`);
    const { $ref, allOf, ...rest } = schema;
    const parts: unknown[] = [];
    if (typeof $ref === 'string') {
      parts.push(...conjuncts(document, [followRef(document, $ref, seen)], [...seen, $ref]));
    }
    if (Array.isArray(allOf)) parts.push(...conjuncts(document, allOf, seen));
    if (parts.length === 0) return [schema];
    return [...(parts as Json[]), rest];
  });
}

function ownTypes(node: Json): TypeSet {
  const declared = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : null;
  if (declared) return new Set([...(declared as string[]), ...(node.nullable === true ? ['null'] : [])]);
  const listed = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : null;
  if (listed) return new Set(listed.map(jsonType));
  if (node.properties !== undefined || node.required !== undefined || node.additionalProperties !== undefined)
    return new Set(['object']);
  if (node.items !== undefined) return new Set(['array']);
  return null;
}

export function typeAdmits(types: TypeSet, type: string): boolean {
  return types === null || types.has(type) || (type === 'integer' && types.has('number'));
}

function intersectTypes(left: TypeSet, right: TypeSet): TypeSet {
  if (left === null) return right;
  if (right === null) return left;
  return new Set(
    [...left].filter((type) => typeAdmits(right, type)).concat([...right].filter((type) => typeAdmits(left, type))),
  );
}

function ownValues(node: Json): string[] | null {
  const lists: string[][] = [];
  if (node.const !== undefined) lists.push([JSON.stringify(node.const)]);
  if (Array.isArray(node.enum)) lists.push(node.enum.map((value) => JSON.stringify(value)));
  if (lists.length === 0) return null;
  return lists.reduce((left, right) => left.filter((value) => right.includes(value)));
}

function mergeConstraint(name: Constraint, left: unknown, right: unknown): unknown {
  if (left === undefined) return right;
  if (right === undefined) return left;
  if ((upperBounds as readonly string[]).includes(name)) return Math.min(Number(left), Number(right));
  if ((lowerBounds as readonly string[]).includes(name)) return Math.max(Number(left), Number(right));
  if (name === 'pattern') return [left, right].flat().sort();
  if (name === 'uniqueItems') return left === true || right === true;
  return right;
}

const constraintNames: readonly Constraint[] = [...upperBounds, ...lowerBounds, ...exactConstraints];

/** The facts of plain conjuncts (see `conjuncts`); oneOf/anyOf are read by `variants`. */
export function schemaFacts(nodes: readonly Json[]): SchemaFacts {
  let types: TypeSet = null;
  let values: string[] | null = null;
  const constraints: Partial<Record<Constraint, unknown>> = {};
  const properties = new Map<string, unknown[]>();
  const required = new Set<string>();
  const additional: unknown[] = [];
  const items: unknown[] = [];
  let closed = false;
  for (const node of nodes) {
    types = intersectTypes(types, ownTypes(node));
    const listed = ownValues(node);
    if (listed) values = values === null ? listed : values.filter((value) => listed.includes(value));
    for (const name of constraintNames)
      if (node[name] !== undefined) constraints[name] = mergeConstraint(name, constraints[name], node[name]);
    for (const [name, schema] of Object.entries(isObject(node.properties) ? node.properties : {}))
      properties.set(name, [...(properties.get(name) ?? []), schema]);
    if (Array.isArray(node.required)) for (const name of node.required) required.add(String(name));
    if (node.additionalProperties === false || node.unevaluatedProperties === false) closed = true;
    else if (isObject(node.additionalProperties)) additional.push(node.additionalProperties);
    if (node.items !== undefined) items.push(node.items);
  }
  return {
    types,
    values,
    constraints,
    properties,
    required,
    closed,
    additional,
    items,
    readOnly: nodes.some((node) => node.readOnly === true),
    writeOnly: nodes.some((node) => node.writeOnly === true),
    default: nodes
      .filter((node) => node.default !== undefined)
      .map((node) => JSON.stringify(node.default))
      .at(-1),
  };
}

/**
 * The forms a schema takes: one per member of its first oneOf/anyOf, each the member together
 * with everything beside it; a schema without one has one form, itself.
 */
export function variants(nodes: readonly Json[]): Json[][] {
  const index = nodes.findIndex((node) => Array.isArray(node.oneOf) || Array.isArray(node.anyOf));
  if (index < 0) return [[...nodes]];
  const { oneOf, anyOf, ...outer } = nodes[index] as Json;
  const members = (Array.isArray(oneOf) ? oneOf : anyOf) as unknown[];
  return members.map((member) => [...nodes.slice(0, index), outer, member as Json, ...nodes.slice(index + 1)]);
}
