// openapi.yaml as spec diff reads it (docs/spec-diff.md#openapi-rules): the parsed YAML and a
// resolver for its local `$ref`s, so a part reached inline or through a component compares the
// same. A text that is not YAML, not an OpenAPI 3 document, or that holds a `$ref` leading nowhere
// is a SpecReviewError naming the version and why.
import { parse } from 'yaml';
import { SpecReviewError } from '../spec-review-error.ts';

export type Json = Record<string, unknown>;

export interface OpenApiDocument {
  /** `openapi.yaml at HEAD~1`, for messages. */
  readonly label: string;
  readonly root: Json;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseOpenApi(text: string, label: string): OpenApiDocument {
  let root: unknown;
  try {
    root = parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new SpecReviewError(`${label} does not parse: ${(error as Error).message}`);
  }
  if (!isObject(root)) throw new SpecReviewError(`${label} does not parse: not a YAML mapping`);
  if (typeof root.openapi !== 'string' || !/^3\./.test(root.openapi))
    throw new SpecReviewError(`${label} does not parse: no 'openapi: 3.x' field`);
  if (root.paths !== undefined && !isObject(root.paths))
    throw new SpecReviewError(`${label} does not parse: 'paths' is not a mapping`);
  return { label, root };
}

/** The node a local `$ref` points at. */
export function refTarget(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#'))
    throw new SpecReviewError(`${document.label}: $ref '${ref}' is not local (spec diff reads one file)`);
  let node: unknown = document.root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    if (node === undefined) throw new SpecReviewError(`${document.label}: $ref '${ref}' leads nowhere`);
  }
  return node;
}

/**
 * The node with its `$ref` chain followed; keywords beside a `$ref` (OpenAPI 3.1 allows them)
 * apply on top of the target. The result is the target object itself when nothing is beside the
 * reference, so identity marks a component (used to stop at recursive schemas).
 */
export function resolve(document: OpenApiDocument, node: unknown): unknown {
  const seen = new Set<string>();
  let current = node;
  let beside: Json = {};
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new SpecReviewError(`${document.label}: $ref '${ref}' refers to itself`);
    seen.add(ref);
    beside = { ...Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref')), ...beside };
    current = refTarget(document, ref);
  }
  if (Object.keys(beside).length === 0 || !isObject(current)) return current;
  return { ...current, ...beside };
}

/** A mapping field of a resolved node, or an empty mapping. */
export function mapping(value: unknown): Json {
  return isObject(value) ? value : {};
}
