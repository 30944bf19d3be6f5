// openapi.yaml as spec diff reads it (docs/spec-diff.md#openapi-rules): the parsed YAML and a
// resolver for its local `$ref`s, so a part reached inline or through a component compares the
// same. A text that is not YAML, not an OpenAPI 3 document, or that holds a `$ref` leading nowhere
// is a SpecProblemsError at its line, naming the version (spec-version-problem.ts).
import { yamlProblem } from '../../spec-problems/locate-yaml-node.ts';
import { parseYamlWithPositions, type YamlWithPositions } from '../../spec-problems/parse-yaml-with-positions.ts';
import { SpecProblemsError } from '../../spec-problems/spec-problems-error.ts';
import type { YamlPath } from '../../spec-problems/yaml-path.ts';
import { atVersion } from '../spec-version-problem.ts';

export type Json = Record<string, unknown>;

export interface OpenApiDocument {
  /** `HEAD~1`, `working tree`, for messages. */
  readonly version: string;
  /** `openapi.yaml at HEAD~1`, for messages. */
  readonly label: string;
  readonly parsed: YamlWithPositions;
  readonly root: Json;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function problemAt(parsed: YamlWithPositions, version: string, path: YamlPath, message: string): SpecProblemsError {
  return new SpecProblemsError([atVersion(yamlProblem(parsed, path, 'value', message), version)]);
}

export function parseOpenApi(text: string, version: string): OpenApiDocument {
  const yaml = parseYamlWithPositions(text, 'openapi.yaml');
  if (!yaml.ok) throw new SpecProblemsError(yaml.problems.map((problem) => atVersion(problem, version)));
  const root = yaml.parsed.value;
  if (!isObject(root)) throw problemAt(yaml.parsed, version, [], 'not an OpenAPI document: not a YAML mapping');
  if (typeof root.openapi !== 'string' || !/^3\./.test(root.openapi))
    throw problemAt(yaml.parsed, version, ['openapi'], "not an OpenAPI document: no 'openapi: 3.x' field");
  if (root.paths !== undefined && !isObject(root.paths))
    throw problemAt(yaml.parsed, version, ['paths'], "'paths' is not a mapping");
  return { version, label: `openapi.yaml at ${version}`, parsed: yaml.parsed, root };
}

/** A problem with a `$ref`, at the first place the document uses it. */
export function refProblem(document: OpenApiDocument, ref: string, message: string): SpecProblemsError {
  return problemAt(document.parsed, document.version, refPlace(document.root, ref), message);
}

/** The node a local `$ref` points at. */
export function refTarget(document: OpenApiDocument, ref: string): unknown {
  const fail = (message: string) => refProblem(document, ref, message);
  if (!ref.startsWith('#')) throw fail(`$ref '${ref}' is not local (spec diff reads one file)`);
  let node: unknown = document.root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    if (node === undefined) throw fail(`$ref '${ref}' leads nowhere`);
  }
  return node;
}

/** Where the first `$ref: ref` of the document is, for the message; the comparison does not keep paths. */
function refPlace(node: unknown, ref: string, path: YamlPath = []): YamlPath {
  if (isObject(node) && node.$ref === ref) return [...path, '$ref'];
  const children = Array.isArray(node) ? node.entries() : isObject(node) ? Object.entries(node) : [];
  for (const [key, child] of children) {
    if (typeof child !== 'object' || child === null) continue;
    const found = refPlace(child, ref, [...path, key]);
    if (found.length > 0) return found;
  }
  return [];
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
    if (seen.has(ref)) throw refProblem(document, ref, `$ref '${ref}' refers to itself`);
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
